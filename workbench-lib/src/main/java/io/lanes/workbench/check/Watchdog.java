package io.lanes.workbench.check;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Runs each decode on a daemon worker thread under a time limit and an allocation watch
 * ({@link Allocations#current()} before and after, on the worker itself). A decode over the limit
 * is a hang: the worker is interrupted and abandoned (Java
 * cannot stop a spinning thread, but a daemon one cannot keep the JVM alive) and a fresh worker
 * takes the next decode. An {@link OutOfMemoryError} or {@link StackOverflowError} in the decode is
 * caught on the worker and reported, not rethrown. Used by one thread at a time.
 */
final class Watchdog implements AutoCloseable {
    /** A decode's result with what the worker allocated while running it, or a hang. */
    record Run<T>(T result, long allocated, Throwable error, boolean hung) {
    }

    private final long limitNanos;
    private ExecutorService worker = newWorker();
    private int abandoned;

    Watchdog(Duration limit) {
        this.limitNanos = limit.toNanos();
    }

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-decode");
            t.setDaemon(true);
            return t;
        });
    }

    /** Runs {@code task} on the worker; waits at most the limit. */
    <T> Run<T> run(Supplier<T> task) {
        return run(task, limitNanos);
    }

    /** Runs {@code task} on the worker; waits at most {@code limit} (for a first call that may build code). */
    <T> Run<T> run(Supplier<T> task, Duration limit) {
        return run(task, limit.toNanos());
    }

    private <T> Run<T> run(Supplier<T> task, long limitNanos) {
        Future<Run<T>> f = worker.submit(() -> {
            long before = Allocations.current();
            try {
                T r = task.get();
                return new Run<>(r, Allocations.current() - before, null, false);
            } catch (OutOfMemoryError | StackOverflowError e) {
                return new Run<>(null, Allocations.current() - before, e, false);
            }
        });
        try {
            return f.get(limitNanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            worker.shutdownNow();
            worker = newWorker();
            abandoned++;
            return new Run<>(null, 0, null, true);
        } catch (ExecutionException e) { // the task catches everything the codec throws: this is the engine's own bug
            throw new IllegalStateException("fuzz task failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a decode", e);
        }
    }

    /** Workers abandoned after a hang; each may still be running. */
    int abandoned() {
        return abandoned;
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
