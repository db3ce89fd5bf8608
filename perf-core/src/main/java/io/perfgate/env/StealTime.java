package io.perfgate.env;

import io.perfgate.log.PerfLog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

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

    /** The share as the environment field {@code cpu.steal} holds it: a percentage with one decimal, {@code 1.7 %}. */
    public static String format(double share) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }

    /** A share {@link #format}ted for {@code cpu.steal}, read back; empty for {@code unknown}, null or malformed. */
    public static OptionalDouble fromField(String value) {
        if (value == null || !value.trim().endsWith("%")) {
            return OptionalDouble.empty();
        }
        String number = value.trim();
        number = number.substring(0, number.length() - 1).trim();
        try {
            double percent = Double.parseDouble(number);
            return percent >= 0 && percent <= 100 ? OptionalDouble.of(percent / 100) : OptionalDouble.empty();
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }

    /**
     * What a check against a stored baseline says when the baseline's run or this one measured above
     * {@link #WARN_ABOVE}: the two runs then did not measure the same machine. Empty when neither did, or neither
     * recorded it.
     */
    public static Optional<String> checkNote(OptionalDouble baseline, OptionalDouble current) {
        boolean baselineWarns = baseline.isPresent() && warns(baseline.getAsDouble());
        boolean currentWarns = current.isPresent() && warns(current.getAsDouble());
        if (!baselineWarns && !currentWarns) {
            return Optional.empty();
        }
        return Optional.of("The hypervisor took " + taken(baseline) + " of the machine's CPU time (steal) while the"
                + " baseline measured and " + taken(current) + " while this run measured."
                + String.format(Locale.ROOT, " Above %.0f %%", 100 * WARN_ABOVE)
                + " forks grow markedly slower and noisier, so a FAIL may come from the machine rather than the code,"
                + " and a slowdown may be missed. Re-run the check when the machine is quieter, and record baselines"
                + " only from runs that stayed under it.");
    }

    /** What perf:baseline says after recording a baseline measured above {@link #WARN_ABOVE}; empty below. */
    public static Optional<String> baselineWarning(OptionalDouble share) {
        if (!share.isPresent() || !warns(share.getAsDouble())) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "This baseline was measured while the hypervisor took %s of the"
                + " machine's CPU time (steal), above %.0f %%: its forks are slower and noisier than this machine's"
                + " usual, so checks against it may miss slowdowns. Record it again when the machine is quieter.",
                format(share.getAsDouble()), 100 * WARN_ABOVE));
    }

    private static String taken(OptionalDouble share) {
        return share.isPresent() ? format(share.getAsDouble()) : "an unrecorded share";
    }

    /** Logs {@link #describe} as information, or as a warning above {@link #WARN_ABOVE}; nothing without a share. */
    public static void log(OptionalDouble share, String what, PerfLog log) {
        if (share.isPresent()) {
            double s = share.getAsDouble();
            if (warns(s)) {
                log.warn(describe(s, what));
            } else {
                log.info(describe(s, what));
            }
        }
    }

    /**
     * Whether {@link #describe} is a warning rather than information. Judged on the share as printed and stored
     * (one decimal), so that the run's log line, its {@code cpu.steal} and a later check's note agree at the limit.
     */
    public static boolean warns(double share) {
        double printed = Double.parseDouble(String.format(Locale.ROOT, "%.1f", 100 * share));
        return printed > Math.round(1000 * WARN_ABOVE) / 10.0;
    }

    /** The log line for a measured share; {@code what} names what was measured, e.g. "the rounds". */
    public static String describe(double share, String what) {
        String measured = "The hypervisor took " + format(share) + " of this machine's CPU time (steal) while " + what
                + " ran";
        if (!warns(share)) {
            return measured + ".";
        }
        return measured + String.format(Locale.ROOT, ", above the %.0f %% at which forks grow markedly slower and"
                + " noisier: a comparison may then miss a slowdown, and a check against a baseline measured on a"
                + " quieter machine may FAIL without one. Re-run when the machine is quieter, or on a runner of its"
                + " own.", 100 * WARN_ABOVE);
    }
}
