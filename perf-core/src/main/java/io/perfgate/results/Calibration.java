package io.perfgate.results;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The noise floor measured by {@code perf:calibrate}: an A/A run of the same build against itself, interleaved,
 * on the machine that made the baseline. Stored in a baseline's optional {@code calibration} section, so the
 * gate can say INCONCLUSIVE instead of FAIL for a benchmark whose noise floor is above its threshold.
 */
public final class Calibration {
    private final String measuredAt;
    private final double power;
    private final double alpha;
    private final Map<BenchmarkId, Entry> benchmarks;

    public Calibration(String measuredAt, double power, double alpha, Map<BenchmarkId, Entry> benchmarks) {
        this.measuredAt = Objects.requireNonNull(measuredAt, "measuredAt");
        this.power = power;
        this.alpha = alpha;
        this.benchmarks = Collections.unmodifiableMap(new TreeMap<>(benchmarks));
    }

    /** ISO-8601 instant of the A/A run. */
    public String measuredAt() {
        return measuredAt;
    }

    /** The power the detectable slowdowns are computed for, e.g. 0.8. */
    public double power() {
        return power;
    }

    /** The one-sided level the detectable slowdowns assume. */
    public double alpha() {
        return alpha;
    }

    /** By benchmark and mode: the two modes of one benchmark have noise of their own. */
    public Map<BenchmarkId, Entry> benchmarks() {
        return benchmarks;
    }

    /** The entry of benchmark {@code id}, or null. */
    public Entry find(BenchmarkId id) {
        return benchmarks.get(id);
    }

    /** One benchmark's noise, for its primary metric (the per-fork median). */
    public static final class Entry {
        private final int forks;
        private final double betweenForkCv;
        private final double withinForkCv;
        private final double threshold;
        private final double detectableSlowdown;
        private final int forksNeeded;
        private final String aaVerdict;
        private final Plan plan;

        /**
         * @param forks forks per side in the A/A run
         * @param betweenForkCv coefficient of variation of the per-fork medians (pooled over both halves)
         * @param withinForkCv mean coefficient of variation of the iterations within a fork
         * @param threshold the T_fail the fork count was sized for, as a fraction
         * @param detectableSlowdown the smallest slowdown (fraction) the gate detects with the given power at
         *     {@code forks} per side
         * @param forksNeeded forks per side to detect {@code threshold} with that power; 0 when no fork count up
         *     to the search limit does
         * @param aaVerdict the gate's verdict on the A/A comparison itself (PASS expected)
         */
        public Entry(int forks, double betweenForkCv, double withinForkCv, double threshold,
                double detectableSlowdown, int forksNeeded, String aaVerdict) {
            this(forks, betweenForkCv, withinForkCv, threshold, detectableSlowdown, forksNeeded, aaVerdict, null);
        }

        /** As above, with the fork plan drawn from this noise; {@code plan} null where none could be made. */
        public Entry(int forks, double betweenForkCv, double withinForkCv, double threshold,
                double detectableSlowdown, int forksNeeded, String aaVerdict, Plan plan) {
            this.plan = plan;
            this.forks = forks;
            this.betweenForkCv = betweenForkCv;
            this.withinForkCv = withinForkCv;
            this.threshold = threshold;
            this.detectableSlowdown = detectableSlowdown;
            this.forksNeeded = forksNeeded;
            this.aaVerdict = Objects.requireNonNull(aaVerdict, "aaVerdict");
        }

        public int forks() {
            return forks;
        }

        public double betweenForkCv() {
            return betweenForkCv;
        }

        public double withinForkCv() {
            return withinForkCv;
        }

        public double threshold() {
            return threshold;
        }

        public double detectableSlowdown() {
            return detectableSlowdown;
        }

        public int forksNeeded() {
            return forksNeeded;
        }

        public String aaVerdict() {
            return aaVerdict;
        }

        /**
         * The fork length and count chosen from this noise ({@code stats.ForkPlan}), or null: calibrations written
         * before plans existed, single-shot benchmarks, or forks whose times were not measured.
         */
        public Plan plan() {
            return plan;
        }

        /** Whether this noise floor lets the gate detect a slowdown of {@code fail} (a fraction). */
        public boolean resolves(double fail) {
            return detectableSlowdown <= fail;
        }
    }

    /**
     * The forks per side and measurement iterations per fork that reach the sizing target (1.5 x the threshold with
     * the calibration's power) at the least machine time, with the costs it was worked out from.
     */
    public static final class Plan {
        private final int forks;
        private final int iterations;
        private final double forkSeconds;
        private final double iterationSeconds;
        private final int measuredIterations;
        private final String reason;

        /**
         * @param forks forks per side; 0 when no fork count the search tried reaches the target
         * @param iterations measurement iterations per fork
         * @param forkSeconds a fork's fixed cost: JVM start, set-up and warm-up, in seconds
         * @param iterationSeconds one measurement iteration, in seconds
         * @param measuredIterations the measurement iterations per fork the calibration ran
         * @param reason why, as the log says it
         */
        public Plan(int forks, int iterations, double forkSeconds, double iterationSeconds, int measuredIterations,
                String reason) {
            this.forks = forks;
            this.iterations = iterations;
            this.forkSeconds = forkSeconds;
            this.iterationSeconds = iterationSeconds;
            this.measuredIterations = measuredIterations;
            this.reason = Objects.requireNonNull(reason, "reason");
        }

        public int forks() {
            return forks;
        }

        /** Whether the plan reaches its target at all (else the fixed settings stay). */
        public boolean reachable() {
            return forks > 0;
        }

        public int iterations() {
            return iterations;
        }

        public double forkSeconds() {
            return forkSeconds;
        }

        public double iterationSeconds() {
            return iterationSeconds;
        }

        public int measuredIterations() {
            return measuredIterations;
        }

        public String reason() {
            return reason;
        }

        /** Machine time of one side of {@code n} forks of {@code m} iterations at the measured costs, in seconds. */
        public double secondsAt(int n, int m) {
            return n * (forkSeconds + m * iterationSeconds);
        }
    }
}
