package io.perfgate.mainline;

import io.perfgate.config.PerfProperties;
import io.perfgate.confirm.CommitComparison;
import io.perfgate.confirm.FailConfirmation;
import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.env.EnvironmentProbe;
import io.perfgate.files.AtomicFiles;
import io.perfgate.files.FileNames;
import io.perfgate.gate.GateRow;
import io.perfgate.log.PerfLog;
import io.perfgate.profile.ProfileEvidence;
import io.perfgate.report.ProfileSummary;
import io.perfgate.report.Units;
import io.perfgate.stats.Verdict;
import io.perfgate.text.Durations;
import io.perfgate.trend.ChangePoint;
import io.perfgate.trend.Trend;
import io.perfgate.workspace.CompareException;
import io.perfgate.workspace.GitRepository;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * {@code perf:trend}'s confirm and bisect ({@code perf.confirm}): a slowdown the history shows is measured again on
 * this machine, the first run after's commit against the last run before's, side by side in interleaved rounds
 * ({@link CommitComparison}, both commits built in worktrees). Confirmed (FAIL side by side) with several commits in
 * between, the first-parent range is bisected to the first slow commit ({@link Bisection}), each step a commit
 * against the last run before's. The outcome goes into {@code changes.json}, the store's copy (so a later build does
 * not measure a confirmed point again), the log, the top of {@code trend.md} and a methodology block per confirmed
 * point, {@code trend-<benchmark>-methodology.md}. At most {@link #MOST_PER_BUILD} points are measured per build,
 * the newest first; the log names those left for the next.
 */
public final class ChangeConfirmation {
    /** Each point costs two builds and the rounds, and a bisection a build and rounds per step. */
    static final int MOST_PER_BUILD = 3;

    /** One benchmark of a series measured side by side, the candidate commit against the base. */
    @FunctionalInterface
    public interface SideBySide {
        /**
         * @param step names the measurement's directory, e.g. {@code confirm-1}
         * @param profile whether to profile the benchmark on both sides after the rounds ({@code perf.profile}
         *     selects what), while both commits are still built
         * @throws CompareException when a commit does not build or the rounds cannot run
         */
        Measured measure(Trend trend, String base, String candidate, String step, boolean profile)
                throws CompareException, IOException;
    }

    /** The repository's answers a confirmation needs. */
    public interface Commits {
        /** @throws CompareException when {@code commit} is not in this repository */
        String resolve(String commit) throws CompareException;

        /** The first-parent range after {@code from} up to {@code to}, oldest first. */
        List<String> range(String from, String to) throws CompareException;

        String shortId(String commit);

        String subject(String commit);
    }

    /** What measuring needs from the running build: made only when a slowdown is to be confirmed. */
    @FunctionalInterface
    public interface Setup {
        Tools tools() throws CompareException;
    }

    /** The measurement and the repository. */
    public static final class Tools {
        private final SideBySide sideBySide;
        private final Commits commits;
        private final boolean profiling;

        /** Tools that profile a culprit against its parent. */
        public Tools(SideBySide sideBySide, Commits commits) {
            this(sideBySide, commits, true);
        }

        /** @param profiling false when {@code perf.profile=none}: a culprit is then not measured again to profile */
        public Tools(SideBySide sideBySide, Commits commits, boolean profiling) {
            this.sideBySide = Objects.requireNonNull(sideBySide);
            this.commits = Objects.requireNonNull(commits);
            this.profiling = profiling;
        }

        /**
         * The real ones: {@link CommitComparison} with the running build's parts, one benchmark at a time, results
         * under {@code directory}; the module's git repository.
         */
        public static Tools of(FailConfirmation.Parts parts, Path directory, PerfLog log) throws CompareException {
            GitRepository git = GitRepository.open(parts.template().paths().moduleDirectory());
            SideBySide measure = (trend, base, candidate, step, profile) -> {
                String benchmark = trend.benchmark().name();
                String scenario = parts.launcher().scenarioFor(benchmark);
                CommitComparison.Request request = parts.template().commits(base, candidate)
                        .benchmarks(List.of(scenario != null ? scenario : benchmark))
                        .resultsDirectory(directory.resolve(step));
                CommitComparison.Result r = new CommitComparison(parts.builder(), parts.launcher(), log)
                        .compare(profile ? request : request.profiling(null));
                GateRow row = null;
                for (GateRow c : r.report().comparisons()) {
                    if (c.id().equals(trend.benchmark()) && c.metricName().equals(trend.metric())) {
                        row = c;
                    }
                }
                if (row == null) {
                    String failure = r.failureOf(benchmark);
                    throw new CompareException("no " + trend.metric() + " of " + trend.benchmark() + " side by side"
                            + (failure != null ? ": " + failure : ""));
                }
                return new Measured(row.verdict(), row.change(), row.changeCiLow(), row.changeCiHigh(),
                        r.roundsOf(benchmark), r.build(), r.measurement(), row.reason())
                        .undecided(row.undecidedAtLimit()).withProfiles(r.profiles());
            };
            Commits commits = new Commits() {
                @Override
                public String resolve(String commit) throws CompareException {
                    return git.resolveCommit(commit);
                }

                @Override
                public List<String> range(String from, String to) throws CompareException {
                    return git.firstParentRange(from, to);
                }

                @Override
                public String shortId(String commit) {
                    try {
                        return git.shortId(commit);
                    } catch (CompareException e) {
                        return commit.substring(0, Math.min(10, commit.length()));
                    }
                }

                @Override
                public String subject(String commit) {
                    try {
                        return git.subject(commit);
                    } catch (CompareException e) {
                        return "";
                    }
                }
            };
            return new Tools(measure, commits, parts.template().profiles());
        }
    }

    /** One side-by-side measurement: the gate's verdict on it and what it cost. */
    public static final class Measured {
        final Verdict verdict;
        final double change;
        final double low;
        final double high;
        final int rounds;
        final Duration build;
        final Duration measurement;
        final String reason;
        private List<ProfileEvidence> profiles = List.of();
        private boolean undecided;

        public Measured(Verdict verdict, double change, double low, double high, int rounds, Duration build,
                Duration measurement, String reason) {
            this.verdict = Objects.requireNonNull(verdict);
            this.change = change;
            this.low = low;
            this.high = high;
            this.rounds = rounds;
            this.build = build;
            this.measurement = measurement;
            this.reason = reason;
        }

        /**
         * This measurement, marked as a WARN whose change reaches the limit but which the rounds could not call
         * ({@link GateRow#undecidedAtLimit()}): neither slow nor good to a bisection.
         */
        public Measured undecided(boolean value) {
            undecided = value;
            return this;
        }

        /**
         * What a bisection reads from this step, measured against the same commit before the change as
         * {@code confirmed}: FAIL is slow; a step whose whole interval lies below the confirmed slowdown's interval
         * cannot hold that slowdown, so it is good even where the rounds could not call it at the limit (a noisy
         * machine leaves an unchanged commit INCONCLUSIVE, and skipping it left the culprit open); any other
         * undecided or missing verdict is skipped.
         */
        Bisection.Finding finding(Measured confirmed) {
            if (verdict == Verdict.FAIL) {
                return Bisection.Finding.SLOW;
            }
            if (belowTheSlowdownOf(confirmed)) {
                return Bisection.Finding.GOOD;
            }
            return verdict == Verdict.INCONCLUSIVE || undecided ? Bisection.Finding.SKIPPED : Bisection.Finding.GOOD;
        }

        /** Whether this step's interval ends below the start of {@code confirmed}'s, both changes against one base. */
        boolean belowTheSlowdownOf(Measured confirmed) {
            return Double.isFinite(high) && Double.isFinite(confirmed.low) && confirmed.verdict == Verdict.FAIL
                    && high < confirmed.low;
        }

        /** This measurement with the profiles taken after its rounds. */
        public Measured withProfiles(List<ProfileEvidence> taken) {
            profiles = List.copyOf(taken);
            return this;
        }

        String text() {
            return Units.percentWithInterval(change, low, high) + ", " + rounds + " rounds";
        }
    }

    private final FailConfirmation.Mode mode;
    private final Setup setup;
    private final Path outputDirectory;
    private final PerfLog log;

    public ChangeConfirmation(FailConfirmation.Mode mode, Setup setup, Path outputDirectory, PerfLog log) {
        this.mode = Objects.requireNonNull(mode);
        this.setup = Objects.requireNonNull(setup);
        this.outputDirectory = Objects.requireNonNull(outputDirectory);
        this.log = Objects.requireNonNull(log);
    }

    /**
     * The confirmations of {@code result}'s slowdowns: those {@code before} holds (measured by an earlier build)
     * kept, up to {@link #MOST_PER_BUILD} others measured now, the newest first. Nothing is measured with
     * {@code perf.confirm=never}.
     */
    Map<PointId, Confirmation> confirm(List<TrendResult.Located> slowdowns, Map<PointId, Confirmation> before) {
        Map<PointId, Confirmation> outcome = new LinkedHashMap<>();
        List<TrendResult.Located> open = new ArrayList<>();
        for (TrendResult.Located l : slowdowns) {
            Confirmation known = before.get(PointId.of(l.trend(), l.change()));
            if (known != null && known.confirmed() != null) {
                outcome.put(PointId.of(l.trend(), l.change()), known);
            } else {
                open.add(l);
            }
        }
        if (open.isEmpty()) {
            return outcome;
        }
        if (mode == FailConfirmation.Mode.NEVER) {
            log.info(PerfProperties.CONFIRM + "=never: " + open.size() + " slowdown(s) not measured side by side");
            return outcome;
        }
        open.sort(Comparator.comparing((TrendResult.Located l) -> l.after().recordedAt()).reversed());
        if (open.size() > MOST_PER_BUILD) {
            List<String> later = new ArrayList<>();
            open.subList(MOST_PER_BUILD, open.size()).forEach(l -> later.add(name(l)));
            log.info("Confirming the " + MOST_PER_BUILD + " newest slowdowns in this build; left for the next: "
                    + String.join(", ", later));
            open = open.subList(0, MOST_PER_BUILD);
        }
        Tools tools;
        try {
            tools = setup.tools();
        } catch (CompareException e) {
            open.forEach(l -> outcome.put(PointId.of(l.trend(), l.change()), notMeasured(l, e.getMessage())));
            return outcome;
        }
        int n = 0;
        for (TrendResult.Located l : open) {
            outcome.put(PointId.of(l.trend(), l.change()), confirm(l, tools, ++n));
        }
        return outcome;
    }

    private Confirmation notMeasured(TrendResult.Located l, String why) {
        log.warn(name(l) + ": not confirmed side by side, it could not be measured: " + why);
        return Confirmation.notMeasured(why);
    }

    /** {@code ParserBench.parse [avgt] median at run 20}. */
    private static String name(TrendResult.Located l) {
        return l.trend().label() + " at run " + (l.change().index() + 1);
    }

    /** Measures one slowdown's two commits side by side and, confirmed, bisects the range between them. */
    Confirmation confirm(TrendResult.Located l, Tools tools, int number) {
        String beforeRef = l.before().commit();
        String afterRef = l.after().commit();
        if (beforeRef == null || afterRef == null) {
            return notMeasured(l, "its runs record no commit");
        }
        Commits git = tools.commits;
        String before;
        String after;
        List<String> range;
        try {
            before = git.resolve(beforeRef);
            after = git.resolve(afterRef);
            range = git.range(before, after);
        } catch (CompareException e) {
            return notMeasured(l, e.getMessage());
        }
        if (range.isEmpty()) {
            return notMeasured(l, "no commit lies between " + git.shortId(before) + " and " + git.shortId(after));
        }
        String what = String.format(Locale.ROOT, "%s (%s..%s, %d commit%s)", name(l), git.shortId(before),
                git.shortId(after), range.size(), range.size() == 1 ? "" : "s");
        log.info("Confirming " + what + " side by side on this machine (-D" + PerfProperties.CONFIRM
                + "=never skips this)");
        Measured m;
        try {
            // a single commit is the culprit if the slowdown is confirmed: profile it against its parent right away
            m = tools.sideBySide.measure(l.trend(), before, after, "confirm-" + number, range.size() == 1);
        } catch (CompareException | IOException e) {
            return notMeasured(l, e.getMessage());
        }
        String cost = String.format(Locale.ROOT, "confirming %s: built 2 commits in %s, %d rounds in %s", what,
                Durations.format(m.build), m.rounds, Durations.format(m.measurement));
        if (m.verdict != Verdict.FAIL) {
            log.info(cost);
            String why = m.verdict == Verdict.INCONCLUSIVE ? "no verdict side by side: " + m.reason
                    : "not confirmed side by side: " + m.text() + " (" + m.verdict + ")";
            log.warn(name(l) + ": " + why + "; the change point stays, marked unconfirmed");
            return new Confirmation(m.verdict == Verdict.INCONCLUSIVE ? null : Boolean.FALSE, m.change, m.low,
                    m.high, m.rounds, null, null, range.size(), 0, why);
        }
        Bisection.Found found;
        long started = System.nanoTime();
        int[] rounds = {0};
        if (range.size() == 1) {
            found = Bisection.search(range, c -> Bisection.Finding.SLOW);
            log.info(cost);
        } else {
            found = Bisection.search(range, c -> {
                try {
                    Measured step = tools.sideBySide.measure(l.trend(), before, c, "bisect-" + number + "-"
                            + git.shortId(c), false);
                    rounds[0] += step.rounds;
                    // FAIL side by side is slow; a step the rounds could not call is skipped rather than taken
                    // for good, which would send the search past the culprit
                    Bisection.Finding f = step.finding(m);
                    String why = f == Bisection.Finding.SKIPPED ? ", " + step.verdict + ": the rounds could not call it"
                            : f == Bisection.Finding.GOOD && step.verdict != Verdict.PASS && step.belowTheSlowdownOf(m)
                                    ? ", " + step.verdict + ", but below the confirmed " + m.text() : "";
                    log.info("bisect " + git.shortId(c) + ": " + f.name().toLowerCase(Locale.ROOT) + " ("
                            + step.text() + why + ")");
                    return f;
                } catch (CompareException | IOException e) {
                    log.warn("bisect " + git.shortId(c) + ": skipped, it could not be measured: " + e.getMessage());
                    return Bisection.Finding.SKIPPED;
                }
            });
            log.info(String.format(Locale.ROOT, "%s; bisect %d step%s (%d rounds) in %s", cost, found.steps(),
                    found.steps() == 1 ? "" : "s", rounds[0],
                    Durations.format(Duration.ofNanos(System.nanoTime() - started))));
        }
        String culprit = found.culprit();
        String note = null;
        if (culprit == null) {
            List<String> names = new ArrayList<>();
            found.candidates().forEach(c -> names.add(git.shortId(c)));
            note = "the first slow commit is one of " + String.join(", ", names) + ": "
                    + (found.skipped().isEmpty() ? "" : found.skipped().size() + " could not be measured or called");
            log.warn(name(l) + ": confirmed side by side (" + m.text() + "), but " + note);
        }
        Confirmation c = new Confirmation(Boolean.TRUE, m.change, m.low, m.high, m.rounds, culprit,
                culprit == null ? null : git.subject(culprit), range.size(), found.steps(), note);
        if (culprit != null) {
            String line = summary(l, c, git.shortId(culprit));
            log.warn(line);
            Profiled profiled = range.size() == 1 ? new Profiled(m, null)
                    : tools.profiling ? profileCulprit(l, tools, culprit, number)
                    : new Profiled(null, PerfProperties.PROFILE + "=none");
            writeMethodology(l, c, line, git.shortId(before), git.shortId(culprit), profiled);
        }
        return c;
    }

    /** The culprit measured and profiled against its parent, or why not. */
    private static final class Profiled {
        final Measured measured;
        final String failure;

        Profiled(Measured measured, String failure) {
            this.measured = measured;
            this.failure = failure;
        }
    }

    /**
     * After a bisection the culprit has not been measured against its own parent (each step ran against the
     * commit before the range), so it is, once more, with the profiler following the rounds: the frames that got
     * slower are those of that one commit.
     */
    private Profiled profileCulprit(TrendResult.Located l, Tools tools, String culprit, int number) {
        Commits git = tools.commits;
        try {
            String parent = git.resolve(culprit + "^");
            log.info("Profiling the culprit " + git.shortId(culprit) + " against its parent " + git.shortId(parent)
                    + " (" + PerfProperties.PROFILE + " selects what; " + PerfProperties.CONFIRM + "=never skips"
                    + " it all)");
            Measured p = tools.sideBySide.measure(l.trend(), parent, culprit, "profile-" + number, true);
            log.info(String.format(Locale.ROOT, "the culprit %s against its parent %s: %s (%s); built in %s, %d"
                    + " rounds in %s, %d profile%s", git.shortId(culprit), git.shortId(parent), p.text(), p.verdict,
                    Durations.format(p.build), p.rounds, Durations.format(p.measurement), p.profiles.size(),
                    p.profiles.size() == 1 ? "" : "s"));
            if (p.verdict != Verdict.FAIL) {
                // the bisection's answer, checked: its own step must show the slowdown
                log.warn(name(l) + ": the culprit " + git.shortId(culprit) + " against its parent does not FAIL ("
                        + p.text() + ", " + p.verdict + "); noise may have misled the bisection: check with"
                        + " perf:compare -D" + PerfProperties.AGAINST + "=" + git.shortId(culprit) + "^");
            }
            return new Profiled(p, null);
        } catch (CompareException | IOException e) {
            log.warn(name(l) + ": the culprit could not be profiled against its parent: " + e.getMessage());
            return new Profiled(null, e.getMessage());
        }
    }

    /**
     * The line: {@code ParserBench.parse [avgt] median got 12 % slower at commit abc123 (confirmed
     * interleaved: +11.8 % [+9.1 %, +14.6 %], 8 rounds; 3 bisect steps)}.
     */
    static String summary(TrendResult.Located l, Confirmation c, String shortCulprit) {
        return String.format(Locale.ROOT, "%s got %.0f %% slower at commit %s (confirmed interleaved: %s, %d rounds;"
                + " %d bisect step%s)", l.trend().label(), Math.abs(l.change().change()) * 100, shortCulprit,
                Units.percentWithInterval(c.change(), c.changeLow(), c.changeHigh()), c.rounds(), c.bisectSteps(),
                c.bisectSteps() == 1 ? "" : "s");
    }

    /** {@code trend-<benchmark>-methodology.md}: what a ticket needs to say how the culprit was found. */
    private void writeMethodology(TrendResult.Located l, Confirmation c, String line, String before, String culprit,
            Profiled profiled) {
        Trend t = l.trend();
        // the machine's own facts; the JVM is the one running the build unless a toolchain said otherwise
        Map<String, String> env = EnvironmentFingerprint.of(EnvironmentProbe.machine()
                .jmh(null, System.getProperty("java.version"), null, null));
        StringBuilder md = new StringBuilder();
        md.append("### ").append(t.label()).append(": confirmed slowdown\n\n");
        md.append(line).append("\n\n");
        md.append("| | |\n|---|---|\n");
        md.append("| Benchmark | `").append(t.benchmark().name()).append('`')
                .append(t.benchmark().params().isEmpty() ? "" : " " + t.benchmark().params()).append(" [")
                .append(t.benchmark().mode()).append("] ").append(t.metric()).append(" |\n");
        md.append("| Culprit | `").append(c.culprit()).append("` ").append(c.culpritSubject()).append(" |\n");
        md.append("| In the history | ").append(inHistory(l)).append(" |\n");
        md.append("| Side by side | ").append(Units.percentWithInterval(c.change(), c.changeLow(), c.changeHigh()))
                .append(", ").append(c.rounds()).append(" interleaved rounds, ").append(before).append(" against ")
                .append(l.after().shortCommit()).append(" |\n");
        md.append("| Bisect | ").append(c.commits()).append(" commits, ").append(c.bisectSteps())
                .append(" steps, each against ").append(before).append(" |\n");
        md.append("| Machine | ").append(env.getOrDefault(EnvironmentFingerprint.CPU_MODEL, "?")).append(", ")
                .append(env.getOrDefault(EnvironmentFingerprint.CPU_CORES, "?")).append(" cores, ")
                .append(env.getOrDefault(EnvironmentFingerprint.OS_NAME, "?")).append(", Java ")
                .append(env.getOrDefault(EnvironmentFingerprint.JAVA_VERSION, "?")).append(" |\n");
        md.append("| Profile | ").append(profileCell(profiled, culprit, t)).append(" |\n\n");
        md.append("Reproduce: `git checkout ").append(culprit).append(" && mvn test-compile perf:compare -D")
                .append(PerfProperties.AGAINST).append('=').append(before).append(" -D").append(PerfProperties.INCLUDES)
                .append('=').append(t.benchmark().name()).append("`\n");
        Path file = outputDirectory.resolve(FileNames.fit("trend-" + t.benchmark().name().replaceAll("[^A-Za-z0-9._-]", "_"),
                "-methodology.md"));
        try {
            AtomicFiles.writeString(file, md.toString());
            log.info("The methodology block for a ticket: " + file);
        } catch (IOException e) {
            log.warn("The methodology block could not be written to " + file + ": " + e.getMessage());
        }
    }

    /** The culprit against its parent: the profiler's frames, or why there are none and how to take them. */
    private String profileCell(Profiled profiled, String culprit, Trend t) {
        String command = "`git checkout " + culprit + " && mvn test-compile perf:compare -D" + PerfProperties.AGAINST
                + "=" + culprit + "^ -D" + PerfProperties.INCLUDES + "=" + t.benchmark() + "`";
        if (profiled.measured == null) {
            return "not taken (" + profiled.failure + "); to take it: " + command;
        }
        Measured m = profiled.measured;
        if (m.profiles.isEmpty()) {
            return "none taken (" + PerfProperties.PROFILE + " selected nothing, or the profiler could not run: the"
                    + " log says which); to take it: " + command;
        }
        List<String> entries = new ArrayList<>();
        for (ProfileEvidence e : m.profiles) {
            Path dir = e.directory().toAbsolutePath().normalize();
            Path out = outputDirectory.toAbsolutePath().normalize();
            entries.add(ProfileSummary.evidence(e, dir.startsWith(out) ? out.relativize(dir).toString()
                    : dir.toString()));
        }
        return "the culprit against its parent (" + m.text() + ", " + m.verdict + "): "
                + String.join(" ", entries).replace("|", "\\|");
    }

    /** How the history saw the change. */
    private static String inHistory(TrendResult.Located l) {
        ChangePoint c = l.change();
        return String.format(Locale.ROOT, "%s from run %d (%s; %d runs before, %d after; p = %.2g)",
                Units.percentWithInterval(c.change(), c.changeLow(), c.changeHigh()), c.index() + 1,
                l.after().shortCommit(), c.runsBefore(), c.runsAfter(), c.pValue());
    }
}
