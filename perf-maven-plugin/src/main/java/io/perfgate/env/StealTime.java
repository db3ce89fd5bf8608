package io.perfgate.env;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Consumer;

/**
 * One reading of the CPU time a hypervisor has taken from this virtual machine ("steal" in Linux's
 * {@code /proc/stat}). Two readings, before and after the forks, give the share of CPU time the machine lost while
 * it measured. A VM that loses much of its CPU time makes forks slower and noisier. Interleaved, both sides alike,
 * so the gate misses slowdowns it would otherwise see (the pre-merge study, premerge.md, measured that); against a
 * baseline recorded on a quieter machine, the slower forks look like a regression. Machines
 * without the counter (not Linux, or a kernel without it) give no reading, and nothing is reported.
 */
public final class StealTime {
    /**
     * A share of CPU time above which the log warns. In the pre-merge study, the two sessions at about 18 % steal
     * had cpu and hashing forks 2 to 8 times as noisy as the session at 2 %, and one of them let a 20 % slowdown
     * PASS.
     */
    public static final double WARN_ABOVE = 0.10;

    private static final Path PROC_STAT = Paths.get("/proc/stat");
    /** user, nice, system, idle, iowait, irq, softirq, steal: guest time is already inside user and nice. */
    private static final int COUNTERS = 8;

    private final long steal;
    private final long total;

    private StealTime(long steal, long total) {
        this.steal = steal;
        this.total = total;
    }

    /** This machine's counters now; empty where {@code /proc/stat} cannot be read or has no steal counter. */
    public static Optional<StealTime> read() {
        try {
            return parse(new String(Files.readAllBytes(PROC_STAT), StandardCharsets.US_ASCII));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** The aggregate {@code cpu} line of {@code /proc/stat}'s text; empty when it is missing or malformed. */
    public static Optional<StealTime> parse(String procStat) {
        for (String line : procStat.split("\n")) {
            String[] fields = line.trim().split("\\s+");
            if (!fields[0].equals("cpu")) {
                continue;
            }
            if (fields.length < COUNTERS + 1) {
                return Optional.empty();
            }
            long total = 0;
            try {
                for (int i = 1; i <= COUNTERS; i++) {
                    long value = Long.parseLong(fields[i]);
                    if (value < 0) {
                        return Optional.empty();
                    }
                    total += value;
                }
                return Optional.of(new StealTime(Long.parseLong(fields[COUNTERS]), total));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /**
     * The share of CPU time stolen between two readings; empty if either is missing, no time passed, or the
     * counters went back.
     */
    public static OptionalDouble share(Optional<StealTime> before, Optional<StealTime> after) {
        if (!before.isPresent() || !after.isPresent()) {
            return OptionalDouble.empty();
        }
        long elapsed = after.get().total - before.get().total;
        long stolen = after.get().steal - before.get().steal;
        if (elapsed <= 0 || stolen < 0 || stolen > elapsed) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(stolen / (double) elapsed);
    }

    /** Logs {@link #describe} as information, or as a warning above {@link #WARN_ABOVE}; nothing without a share. */
    public static void log(OptionalDouble share, String what, Consumer<String> info, Consumer<String> warn) {
        if (share.isPresent()) {
            double s = share.getAsDouble();
            (warns(s) ? warn : info).accept(describe(s, what));
        }
    }

    /** Whether {@link #describe} is a warning rather than information. */
    public static boolean warns(double share) {
        return share > WARN_ABOVE;
    }

    /** The log line for a measured share; {@code what} names what was measured, e.g. "the rounds". */
    public static String describe(double share, String what) {
        String measured = String.format(Locale.ROOT, "The hypervisor took %.1f %% of this machine's CPU time (steal)"
                + " while %s ran", 100 * share, what);
        if (!warns(share)) {
            return measured + ".";
        }
        return measured + String.format(Locale.ROOT, ", above the %.0f %% at which forks grow markedly slower and"
                + " noisier: a comparison may then miss a slowdown, and a check against a baseline measured on a"
                + " quieter machine may FAIL without one. Re-run when the machine is quieter, or on a runner of its"
                + " own.", 100 * WARN_ABOVE);
    }
}
