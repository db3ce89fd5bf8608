package io.perfgate.gate;

/** Adapter to the stats package's steady-state (trend) test of one fork's measurement iterations. */
final class SteadyState {
    private SteadyState() {
    }

    /** True when the iterations trend, i.e. the fork was not in a steady state. */
    static boolean trends(double[] iterations) {
        // Wired to the stats package's trend test when it lands (helper "stats"); until then no fork is flagged.
        return false;
    }
}
