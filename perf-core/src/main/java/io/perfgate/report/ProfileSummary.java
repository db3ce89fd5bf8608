package io.perfgate.report;

import io.perfgate.profile.Attribution;
import io.perfgate.profile.ChildJvmCpuShares;
import io.perfgate.profile.ProfileEvidence;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What profiling found, in the words every output uses: the console under the verdict table, the HTML report and
 * the methodology block. A frame reads "{@code Writer.append 5.30 → 9.80 us/op (+4.50 us/op, 85 % of the
 * slowdown)}": its self cost per operation on each side, the change, and the change's share of the measured one.
 */
public final class ProfileSummary {
    private ProfileSummary() {
    }

    /** The lines perf:compare logs after its verdict table: per benchmark profiled, the top frames and artifacts. */
    public static List<String> consoleLines(List<ProfileEvidence> profiles) {
        List<String> out = new ArrayList<>();
        for (ProfileEvidence e : profiles) {
            Attribution a = e.attribution();
            out.add("Profile of " + e.benchmark() + " (" + e.verdict() + "; " + e.profiler() + ", " + a.sampling()
                    + " samples):");
            List<Attribution.MethodCost> methods = a.methods();
            for (int i = 0; i < Math.min(Attribution.QUOTED, methods.size()); i++) {
                out.add("  " + (i + 1) + ". " + frame(methods.get(i), a, "->"));
            }
            out.add("  " + explained(e, "->"));
            if (!a.allocations().isEmpty() && isGrowth(a.allocations().get(0).before(), a.allocations().get(0)
                    .after())) {
                out.add("  allocation: " + site(a.allocations().get(0), "->"));
            }
            if (!a.monitors().isEmpty() && isGrowth(a.monitors().get(0).beforeMillis(), a.monitors().get(0)
                    .afterMillis())) {
                out.add("  locks: " + monitor(a.monitors().get(0), "->"));
            }
            for (ChildJvmCpuShares.Process p : e.children().processes()) {
                out.add("  " + process(p, "->"));
            }
            out.add("  in " + e.directory() + ": " + String.join(", ", e.files()));
        }
        return out;
    }

    /**
     * The methodology block's entry for one benchmark: the profiler, the top frames before and after with their
     * share of the change and cost per operation, how much they account for, the top allocation site and monitor
     * where they grew, and the files to attach.
     */
    public static String evidence(ProfileEvidence e, String shownDirectory) {
        Attribution a = e.attribution();
        StringBuilder sb = new StringBuilder(e.benchmark() + " (" + e.verdict() + "; " + e.profiler() + ", "
                + a.sampling() + " samples): ");
        List<String> frames = new ArrayList<>();
        for (int i = 0; i < Math.min(Attribution.QUOTED, a.methods().size()); i++) {
            frames.add(frame(a.methods().get(i), a, "\u2192"));
        }
        sb.append(String.join("; ", frames)).append(". ").append(explained(e, "\u2192"));
        if (!a.allocations().isEmpty() && isGrowth(a.allocations().get(0).before(), a.allocations().get(0)
                .after())) {
            sb.append(" Allocation: ").append(site(a.allocations().get(0), "\u2192")).append('.');
        }
        if (!a.monitors().isEmpty() && isGrowth(a.monitors().get(0).beforeMillis(), a.monitors().get(0)
                .afterMillis())) {
            sb.append(" Locks: ").append(monitor(a.monitors().get(0), "\u2192")).append('.');
        }
        for (ChildJvmCpuShares.Process p : e.children().processes()) {
            sb.append(' ').append(process(p, "\u2192")).append('.');
        }
        sb.append(" Attach: ").append(String.join(", ", e.files())).append(" (in ").append(shownDirectory)
                .append("/).");
        return sb.toString();
    }

    private static boolean isGrowth(double before, double after) {
        return Double.isNaN(before) ? after > 0 : after > before;
    }

    /** One method's line: self cost per operation before and after, and its share of the change. */
    public static String frame(Attribution.MethodCost m, Attribution a, String arrow) {
        String unit = " " + a.unit();
        if (!a.hasBase()) {
            return m.method() + " " + Numbers.significant(m.selfAfter(), 3) + unit + " self, "
                    + Numbers.significant(m.inclusiveAfter(), 3) + unit + " inclusive";
        }
        double change = m.selfAfter() - m.selfBefore();
        return m.method() + " " + Numbers.significant(m.selfBefore(), 3) + " " + arrow + " "
                + Numbers.significant(m.selfAfter(), 3) + unit + " (" + signed(change) + unit
                + (Double.isNaN(m.shareOfChange()) ? "" : ", " + percent(m.shareOfChange()) + " of the "
                        + (a.after() >= a.before() ? "slowdown" : "speed-up")) + ")";
    }

    /** How much of the measured change the quoted frames account for. */
    public static String explained(ProfileEvidence e, String arrow) {
        Attribution a = e.attribution();
        // on demand nothing was measured but the profiled forks, and the reader must not take them for a verdict
        boolean onDemand = ProfileEvidence.PROFILED_ON_DEMAND.equals(e.verdict());
        String measured = onDemand
                ? "Scored in the profiled fork" + (a.hasBase() ? "s (one per side, profiler attached; perf:compare"
                        + " measures the change)" : " (profiler attached)")
                : "Measured";
        if (!a.hasBase()) {
            return measured + " " + Numbers.significant(a.after(), 3) + " " + a.unit() + "; " + a.samplesAfter()
                    + " " + a.sampling() + " samples.";
        }
        double share = a.explained(Attribution.QUOTED);
        if (!a.changeEstablished()) {
            return measured + " " + Numbers.significant(a.before(), 3) + " " + arrow + " "
                    + Numbers.significant(a.after(), 3) + " " + a.unit() + (onDemand ? ", a change one fork per"
                            + " side does not establish" : ", a change of time the gate did not establish")
                    + ", so the frames get no share of it; " + a.samplesBefore() + " and "
                    + a.samplesAfter() + " " + a.sampling() + " samples (base, candidate).";
        }
        return measured + " " + Numbers.significant(a.before(), 3) + " " + arrow + " "
                + Numbers.significant(a.after(), 3) + " "
                + a.unit() + " (" + signed(a.after() - a.before()) + " " + a.unit() + ")"
                + (Double.isNaN(share) ? "" : "; the top " + Math.min(Attribution.QUOTED, a.methods().size())
                        + " frames account for " + percent(share) + " of it")
                + "; " + a.samplesBefore() + " and " + a.samplesAfter() + " " + a.sampling()
                + " samples (base, candidate).";
    }

    /**
     * A JVM the scenario started: its recordings, CPU samples and top methods by self share of them, before and
     * after: "JVMs tez-task (3 and 3 recordings, 1200 and 5400 cpu samples): BurningTokenProcessor.burn 0 % -> 71 %".
     */
    public static String process(ChildJvmCpuShares.Process p, String arrow) {
        boolean base = p.samplesBefore() >= 0;
        List<String> top = new ArrayList<>();
        for (int i = 0; i < Math.min(Attribution.QUOTED, p.methods().size()); i++) {
            ChildJvmCpuShares.MethodShare m = p.methods().get(i);
            top.add(m.method() + " " + (base ? percent(m.before()) + " " + arrow + " " : "") + percent(m.after()));
        }
        return "JVMs " + p.name() + " (" + (base ? p.recordingsBefore() + " and " + p.recordingsAfter()
                + " recordings, " + p.samplesBefore() + " and " + p.samplesAfter() : p.recordingsAfter()
                + (p.recordingsAfter() == 1 ? " recording, " : " recordings, ") + p.samplesAfter())
                + " cpu samples" + (base ? ", base and candidate" : "") + "), top methods by share of their CPU: "
                + (top.isEmpty() ? "none sampled" : String.join("; ", top));
    }

    public static String site(Attribution.SiteCost s, String arrow) {
        return s.site() + ": " + (Double.isNaN(s.before()) ? "" : Numbers.significant(s.before(), 3) + " " + arrow
                + " ") + Numbers.significant(s.after(), 3) + " B/op";
    }

    public static String monitor(Attribution.MonitorCost m, String arrow) {
        boolean base = !Double.isNaN(m.beforeMillis());
        return m.monitor() + " (waited for in " + m.where() + "): blocked " + (base ? Numbers.significant(
                m.beforeMillis(), 3) + " " + arrow + " " : "") + Numbers.significant(m.afterMillis(), 3) + " ms, "
                + (base ? m.eventsBefore() + " " + arrow + " " : "") + m.eventsAfter() + " times, in one fork";
    }

    static String signed(double v) {
        return (v >= 0 ? "+" : "") + Numbers.significant(v, 3);
    }

    static String percent(double share) {
        String p = String.format(Locale.ROOT, "%.0f %%", 100 * share);
        return p.equals("-0 %") ? "0 %" : p;
    }
}
