package io.lanes.workbench.measure;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Progress of a harness run: a {@link Harness.Listener} that passes every callback on to the
 * listener it wraps and reports, after each column at each working-set point, how much is done and
 * an ETA. {@link #console} draws a progress bar on a terminal's standard error for runs longer than
 * a few seconds; {@link #text} hands {@link State}s to a callback (a notebook's display update).
 * Close it when the run ends or is interrupted. Not thread-safe: the harness thread drives it.
 */
public final class Progress implements Harness.Listener, AutoCloseable {
    /** Runs shorter than this (elapsed plus ETA) draw no console bar. */
    public static final Duration CONSOLE_THRESHOLD = Duration.ofSeconds(3);

    /**
     * One progress report.
     *
     * @param done    steps done (a step is one column at one working-set point)
     * @param total   steps in the run
     * @param elapsed since the run started
     * @param eta     estimated time left (linear in steps), zero when done
     * @param current what finished last, e.g. {@code syn.uniform.w12 @ 400KiB}
     */
    public record State(long done, long total, Duration elapsed, Duration eta, String current) {
        /** Share done, 0..1. */
        public double fraction() {
            return total == 0 ? 1 : done / (double) total;
        }

        /** {@code 3/10 (30%), 0:04 elapsed, ETA 0:09 - syn.uniform.w12 @ 400KiB}. */
        public String text() {
            return String.format(Locale.ROOT, "%d/%d (%.0f%%), %s elapsed, ETA %s - %s", done, total, fraction() * 100,
                    clock(elapsed), clock(eta), current);
        }

        private static String clock(Duration d) {
            long s = d.toSeconds();
            return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                    : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
        }
    }

    private final Harness.Listener delegate;
    private final long total;
    private final Consumer<State> sink;
    private final Runnable onClose;
    private final long start = System.nanoTime();
    private long done;

    private Progress(Harness.Listener delegate, long total, Consumer<State> sink, Runnable onClose) {
        if (total < 0) throw new IllegalArgumentException("total steps must be >= 0, got " + total);
        this.delegate = delegate;
        this.total = total;
        this.sink = sink;
        this.onClose = onClose;
    }

    /** Steps of a harness run over {@code columns} columns and {@code points} working-set points. */
    public static long steps(int columns, int points) {
        return (long) columns * points;
    }

    /** Hands a {@link State} to {@code sink} after every step (e.g. a notebook's display update). */
    public static Progress text(Harness.Listener delegate, long total, Consumer<State> sink) {
        return new Progress(delegate, total, sink, () -> { });
    }

    /**
     * A console progress bar with ETA on standard error, drawn only on a terminal and only once the
     * run is seen to take longer than {@link #CONSOLE_THRESHOLD}.
     */
    public static Progress console(Harness.Listener delegate, long total, String task) {
        boolean terminal = System.console() != null && System.console().isTerminal();
        return terminal ? console(delegate, total, task, System.err) : text(delegate, total, s -> { });
    }

    /** A console progress bar drawn on {@code out} once the run takes longer than the threshold. */
    public static Progress console(Harness.Listener delegate, long total, String task, PrintStream out) {
        return console(delegate, total, task, out, CONSOLE_THRESHOLD);
    }

    static Progress console(Harness.Listener delegate, long total, String task, PrintStream out, Duration threshold) {
        ProgressBar[] bar = new ProgressBar[1];
        Consumer<State> draw = s -> {
            if (bar[0] == null) {
                if (s.elapsed().plus(s.eta()).compareTo(threshold) < 0) return;
                bar[0] = new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setStyle(ProgressBarStyle.ASCII)
                        .setConsumer(new ConsoleProgressBarConsumer(out, 110)).setUpdateIntervalMillis(250)
                        .startsFrom(0, s.elapsed()).build();
            }
            bar[0].stepTo(s.done());
            bar[0].setExtraMessage(s.current());
        };
        return new Progress(delegate, total, draw, () -> {
            if (bar[0] != null) bar[0].close();
        });
    }

    @Override
    public void measured(List<Measurement> point) {
        delegate.measured(point);
        done++;
        Measurement m = point.isEmpty() ? null : point.getFirst();
        sink.accept(state(m == null ? "" : m.columnId() + " @ " + m.workingSet()));
    }

    @Override
    public void pointDone(String point, ValidityGate.Verdict verdict) {
        delegate.pointDone(point, verdict);
    }

    /** The state now. */
    public State state(String current) {
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        Duration eta = done == 0 || done >= total ? Duration.ZERO : elapsed.dividedBy(done).multipliedBy(total - done);
        return new State(done, total, elapsed, eta, current);
    }

    @Override
    public void close() {
        onClose.run();
    }
}
