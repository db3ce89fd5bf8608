package io.perfgate.stats;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Monte-Carlo validation of the whole decision rule (compare + decide) under a fork-level noise model.
 *
 * <p>Noise model, per simulated fork: a lognormal fork factor exp(N(0, forkSd)) shared by the fork's
 * iterations (JIT, heap layout, frequency), {@value #ITERATIONS} measurement iterations each with lognormal
 * noise exp(N(0, {@value #ITERATION_SD})), and with probability {@value #OUTLIER_PROBABILITY} per iteration
 * an outlier that multiplies it by a factor uniform in [1.2, 2.0] (a GC pause, a noisy neighbour). The fork
 * summary is the median of its iterations, as the gate uses. The candidate's forks are the same model
 * times the true ratio. Thresholds: T_fail 10 %, T_min 5 %, alpha 0.05, at least 5 forks.
 *
 * <p>Run the full study (10,000 trials per cell, about 10 s) and print Markdown tables:
 * <pre>
 * ./mvnw -B -ntp -q test-compile -pl perf-core -am
 * ./mvnw -B -ntp -q dependency:build-classpath -pl perf-core -am -Dmdep.includeScope=test -Dmdep.outputFile=/tmp/cp.txt
 * java -cp perf-core/target/test-classes:perf-core/target/classes:$(cat /tmp/cp.txt) \
 *      io.perfgate.stats.GateSimulation 10000 20240611
 * </pre>
 * {@code GateSimulationTest} runs a reduced study with a fixed seed and asserts the required bounds.
 */
public final class GateSimulation {
    static final int ITERATIONS = 5;
    static final double ITERATION_SD = 0.05;
    static final double OUTLIER_PROBABILITY = 0.03;
    static final Thresholds THRESHOLDS = new Thresholds(0.10, 0.05, 0.05);

    private final SplittableRandom random;

    GateSimulation(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** Rates of outcomes over {@code trials} simulated comparisons of one cell. */
    static final class Rates {
        final int forks;
        final double forkSd;
        final double trueRatio;
        final int trials;
        int fail;
        int warn;
        int pass;
        int confidentPass;
        int improved;
        int inconclusive;
        int benchstatStyle;
        int naive;
        int failWithoutGuard;

        Rates(int forks, double forkSd, double trueRatio, int trials) {
            this.forks = forks;
            this.forkSd = forkSd;
            this.trueRatio = trueRatio;
            this.trials = trials;
        }

        double failRate() {
            return fail / (double) trials;
        }

        double rate(int count) {
            return count / (double) trials;
        }
    }

    Rates run(int forks, double forkSd, double trueRatio, int trials) {
        Rates rates = new Rates(forks, forkSd, trueRatio, trials);
        double[] baseline = new double[forks];
        double[] candidate = new double[forks];
        double[] iterations = new double[ITERATIONS];
        for (int t = 0; t < trials; t++) {
            for (int f = 0; f < forks; f++) {
                baseline[f] = fork(forkSd, 1.0, iterations);
                candidate[f] = fork(forkSd, trueRatio, iterations);
            }
            ShiftComparison c = ShiftTest.compare(baseline, candidate, Direction.LOWER_IS_BETTER, THRESHOLDS);
            Decision d = DecisionRule.decide(c);
            switch (d.verdict()) {
                case FAIL:
                    rates.fail++;
                    break;
                case WARN:
                    rates.warn++;
                    break;
                case IMPROVED:
                    rates.improved++;
                    break;
                case INCONCLUSIVE:
                    rates.inconclusive++;
                    break;
                default:
                    rates.pass++;
                    if (d.confidentPass()) {
                        rates.confidentPass++;
                    }
            }
            if (DecisionRule.decide(c, THRESHOLDS.alpha(), DecisionRule.DEFAULT_MIN_FORKS,
                    DecisionRule.DEFAULT_MIN_FORKS).verdict() == Verdict.FAIL) {
                rates.failWithoutGuard++;
            }
            if (c.pSlowerThanBaseline() <= THRESHOLDS.alpha()) {
                rates.benchstatStyle++;
            }
            if (c.medianRatio() >= 1 + THRESHOLDS.fail()) {
                rates.naive++;
            }
        }
        return rates;
    }

    /** One fork's summary: the median of its iterations. */
    double fork(double forkSd, double trueRatio, double[] iterations) {
        double forkFactor = Math.exp(forkSd * gaussian());
        for (int i = 0; i < iterations.length; i++) {
            double value = trueRatio * forkFactor * Math.exp(ITERATION_SD * gaussian());
            if (random.nextDouble() < OUTLIER_PROBABILITY) {
                value *= 1.2 + 0.8 * random.nextDouble();
            }
            iterations[i] = value;
        }
        Arrays.sort(iterations);
        int mid = iterations.length / 2;
        return iterations.length % 2 == 1 ? iterations[mid] : (iterations[mid - 1] + iterations[mid]) / 2;
    }

    /** The standard deviation of log fork summaries of this model, estimated from {@code forks} forks. */
    double forkSummaryLogSd(double forkSd, int forks) {
        double[] iterations = new double[ITERATIONS];
        double sum = 0;
        double sumSquares = 0;
        for (int f = 0; f < forks; f++) {
            double log = Math.log(fork(forkSd, 1.0, iterations));
            sum += log;
            sumSquares += log * log;
        }
        double mean = sum / forks;
        return Math.sqrt((sumSquares - forks * mean * mean) / (forks - 1));
    }

    private double gaussian() {
        // Box-Muller; SplittableRandom has no nextGaussian on Java 11
        double u1 = random.nextDouble();
        double u2 = random.nextDouble();
        return Math.sqrt(-2 * Math.log1p(-u1)) * Math.cos(2 * Math.PI * u2);
    }

    public static void main(String[] args) {
        int trials = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 20240611L;
        GateSimulation simulation = new GateSimulation(seed);
        long start = System.nanoTime();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%,d trials per cell, seed %d; T_fail 10 %%, T_min 5 %%, alpha 0.05;"
                + " %d iterations per fork (SD %.0f %%, %.0f %% outliers x1.2-2.0), fork summary = median.%n%n",
                trials, seed, ITERATIONS, ITERATION_SD * 100, OUTLIER_PROBABILITY * 100));
        out.append("| fork SD | forks per side | true ratio | FAIL | WARN | PASS (confident) | IMPROVED |"
                + " FAIL without small-sample guard | benchstat-style (p <= .05) | naive (ratio >= 1.10) |\n");
        out.append("|---|---|---|---|---|---|---|---|---|---|\n");
        double[] sds = {0.03, 0.08};
        int[] forkCounts = {5, 8, 10, 20};
        double[] ratios = {1.00, 1.05, 1.10, 1.15, 1.20, 1.30};
        for (double sd : sds) {
            for (int forks : forkCounts) {
                for (double ratio : ratios) {
                    Rates r = simulation.run(forks, sd, ratio, trials);
                    out.append(String.format(Locale.ROOT, "| %.0f %% | %d | %.2f | %s | %s | %s (%s) | %s | %s | %s | %s |%n",
                            sd * 100, forks, ratio, pct(r.failRate()), pct(r.rate(r.warn)), pct(r.rate(r.pass)),
                            pct(r.rate(r.confidentPass)), pct(r.rate(r.improved)), pct(r.rate(r.failWithoutGuard)),
                            pct(r.rate(r.benchstatStyle)), pct(r.rate(r.naive))));
                }
            }
        }
        out.append("\nPower check (Power.detectableSlowdown at 80 % power, fed with the fork-summary"
                + " CV measured from 100,000 simulated forks of this model):\n\n");
        out.append("| fork SD | fork-summary SD | forks per side | predicted 80 %-power ratio | simulated FAIL rate"
                + " there | forks needed for 1.15 (predicted) |\n|---|---|---|---|---|---|\n");
        for (double sd : sds) {
            double summarySd = simulation.forkSummaryLogSd(sd, 100_000);
            double cv = Math.sqrt(Math.expm1(summarySd * summarySd));
            for (int forks : forkCounts) {
                double predicted = Power.detectableSlowdown(forks, forks, cv, THRESHOLDS, 0.80);
                Rates r = simulation.run(forks, sd, predicted, trials);
                String needed = Power.forksNeeded(1.15, cv, THRESHOLDS, 0.80, 200).isPresent()
                        ? String.valueOf(Power.forksNeeded(1.15, cv, THRESHOLDS, 0.80, 200).getAsInt()) : "> 200";
                out.append(String.format(Locale.ROOT, "| %.0f %% | %.2f %% | %d | %.3f | %s | %s |%n", sd * 100,
                        summarySd * 100, forks, predicted, pct(r.failRate()), needed));
            }
        }
        out.append(String.format(Locale.ROOT, "%nElapsed: %.1f s%n", (System.nanoTime() - start) / 1e9));
        System.out.print(out);
    }

    private static String pct(double rate) {
        return String.format(Locale.ROOT, "%.1f %%", rate * 100);
    }
}
