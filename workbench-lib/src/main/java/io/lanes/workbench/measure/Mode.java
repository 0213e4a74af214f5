package io.lanes.workbench.measure;

/**
 * Quick or full measurement: the settings a study, a claims run or a notebook uses, named so no
 * call passes a bare {@code true}. Quick is for CI and a first look; full is publishable.
 */
public enum Mode {
    /** Short warm-up and sampling ({@link Harness.Config#quick()}); claims measure the first columns of a set only. */
    QUICK,
    /** Publishable settings ({@link Harness.Config#full()}). */
    FULL;

    /** Environment variable that selects {@link #QUICK} (CI and {@code ./workbench notebooks} set it to {@code 1}). */
    public static final String ENV = "WORKBENCH_QUICK";

    /** {@link #QUICK} when {@value #ENV} is {@code 1}, else {@link #FULL}. */
    public static Mode fromEnvironment() {
        return "1".equals(System.getenv(ENV)) ? QUICK : FULL;
    }

    /** The harness settings of this mode. */
    public Harness.Config config() {
        return this == QUICK ? Harness.Config.quick() : Harness.Config.full();
    }
}
