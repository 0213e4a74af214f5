package io.lanes.workbench.measure.ipv;

/**
 * What probing one instruction-counting backend found. Immutable.
 *
 * @param backend   backend name, e.g. {@code perf_event_open} or {@code valgrind callgrind}
 * @param available whether it can count here
 * @param reason    why not (errno and its meaning, the missing tool and how to install it), or
 *                  what it is when available
 */
public record IpvProbe(String backend, boolean available, String reason) {
    /** {@code perf_event_open: unavailable (errno 2 ENOENT: ...)} or {@code ...: available (...)}. */
    public String line() {
        return backend + ": " + (available ? "available" : "unavailable") + " (" + reason + ")";
    }
}
