package io.perfgate.gate;

import io.perfgate.config.PerfProperties;
import java.util.function.LongSupplier;

/**
 * The settings of interleaved rounds as a goal was given them ({@code perf.seed}, {@code perf.adaptive},
 * {@code perf.maxForks}), parsed once for every goal that runs rounds: a comparison, the confirmation of a FAIL or of
 * a change point, a calibration (which takes only the seed).
 */
public final class RoundSettings {
    /** The fewest forks per side the gate judges, hence the fewest rounds a comparison may be given. */
    public static final int FEWEST_ROUNDS = 5;

    private final long seed;
    private final boolean adaptive;
    private final int maxForks;

    private RoundSettings(long seed, boolean adaptive, int maxForks) {
        this.seed = seed;
        this.adaptive = adaptive;
        this.maxForks = maxForks;
    }

    /**
     * The rounds' settings, checked.
     *
     * @param seed {@code perf.seed}: a whole number, or empty for one from {@code freshSeed}
     * @param adaptive {@code perf.adaptive}, a switch
     * @param maxForks {@code perf.maxForks}, at least {@value #FEWEST_ROUNDS}
     * @param freshSeed where a seed comes from when none is given (the rounds log it, so it can be given again)
     * @throws InvalidSettingException naming the property and the form it takes
     */
    public static RoundSettings parse(String seed, String adaptive, int maxForks, LongSupplier freshSeed)
            throws InvalidSettingException {
        if (maxForks < FEWEST_ROUNDS) {
            throw new InvalidSettingException(PerfProperties.MAX_FORKS, PerfProperties.MAX_FORKS + " = " + maxForks
                    + ", but the gate needs at least " + FEWEST_ROUNDS + " forks per side; use " + FEWEST_ROUNDS
                    + " or more (" + PerfProperties.DEFAULT_MAX_FORKS + " by default)");
        }
        return new RoundSettings(seed(seed, freshSeed), SettingParser.flag(PerfProperties.ADAPTIVE, adaptive,
                PerfProperties.DEFAULT_TRUE), maxForks);
    }

    /** {@code perf.seed} as given, or a fresh one when it is empty. */
    public static long seed(String value, LongSupplier freshSeed) throws InvalidSettingException {
        if (value == null || value.trim().isEmpty()) {
            return freshSeed.getAsLong();
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(PerfProperties.SEED, PerfProperties.SEED + " = '" + value + "' is not a"
                    + " whole number; give the seed a previous run printed, or leave it empty for a fresh one");
        }
    }

    /** The seed of the order of the rounds, given or fresh. */
    public long seed() {
        return seed;
    }

    /** Whether a benchmark stops once its verdict is settled. */
    public boolean adaptive() {
        return adaptive;
    }

    /** The most rounds a benchmark runs. */
    public int maxForks() {
        return maxForks;
    }
}
