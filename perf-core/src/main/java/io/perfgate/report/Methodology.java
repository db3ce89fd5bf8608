package io.perfgate.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The content of a methodology block, decided once and written in several markups by the
 * {@link MethodologyRenderer}s: what a committer needs to accept a performance claim (hardware, the exact
 * command, the runs, the rule, before and after with intervals, the baseline's provenance, the profiles,
 * and a vote). Every field is finished text; the renderers only choose the markup.
 */
public final class Methodology {
    private final String vote;
    private final List<String> headline;
    private final List<Item> setup;
    private final String command;
    private final String commandLabel;
    private final String baselineCommand;
    private final List<Row> rows;
    private final String tableCaption;
    private final List<String> profiles;
    private final List<String> profileEvidence;
    private final List<String> notes;

    private Methodology(Builder b) {
        this.vote = Objects.requireNonNull(b.vote, "vote");
        this.headline = Collections.unmodifiableList(new ArrayList<>(b.headline));
        this.setup = Collections.unmodifiableList(new ArrayList<>(b.setup));
        this.command = b.command;
        this.commandLabel = b.commandLabel;
        this.baselineCommand = b.baselineCommand;
        this.rows = Collections.unmodifiableList(new ArrayList<>(b.rows));
        this.tableCaption = b.tableCaption;
        this.profiles = Collections.unmodifiableList(new ArrayList<>(b.profiles));
        this.profileEvidence = Collections.unmodifiableList(new ArrayList<>(b.profileEvidence));
        this.notes = Collections.unmodifiableList(new ArrayList<>(b.notes));
    }

    public static Builder builder() {
        return new Builder();
    }

    /** {@code +1 perf}, or {@code -1 perf: 2 regressions}. */
    public String vote() {
        return vote;
    }

    /** Labelled facts in reading order: hardware, OS, JDK, runs, decision rule, baseline, candidate. */
    /**
     * The sentences a reviewer reads first, one per headline result: "ParserBench.parse: before (main at 1a2b3c4):
     * median 12.10 us/op, p95 12.38 us/op; after (this patch on top): ...".
     */
    public List<String> headline() {
        return headline;
    }

    public List<Item> setup() {
        return setup;
    }

    /** The command that reproduces the run, or null when the results do not record it. */
    public String command() {
        return command;
    }

    /** How the command is introduced: "Command", or what it reproduces when that is more (both sides). */
    public String commandLabel() {
        return commandLabel;
    }

    /** The command that recorded the baseline, when it differs from {@link #command()}; else null. */
    public String baselineCommand() {
        return baselineCommand;
    }

    /** Before/after rows, one per benchmark and metric. */
    public List<Row> rows() {
        return rows;
    }

    /** One sentence saying what the table's numbers are. */
    public String tableCaption() {
        return tableCaption;
    }

    /** Profile artifacts found, as paths relative to the project. */
    public List<String> profiles() {
        return profiles;
    }

    /** What profiling attributed, one entry per benchmark profiled: the top frames before and after. */
    public List<String> profileEvidence() {
        return profileEvidence;
    }

    /** Facts a reader must not miss: environment differences, inconclusive reasons, ignored benchmarks. */
    public List<String> notes() {
        return notes;
    }

    /** A labelled line of the set-up, e.g. {@code Hardware: 16-core ..., 32 GiB RAM}. */
    public static final class Item {
        private final String label;
        private final String text;

        public Item(String label, String text) {
            this.label = Objects.requireNonNull(label, "label");
            this.text = Objects.requireNonNull(text, "text");
        }

        public String label() {
            return label;
        }

        public String text() {
            return text;
        }
    }

    /** One line of the before/after table; every cell already formatted. */
    public static final class Row {
        private final String benchmark;
        private final String metric;
        private final String before;
        private final String after;
        private final String change;
        private final String pValue;
        private final String verdict;

        public Row(String benchmark, String metric, String before, String after, String change, String pValue,
                String verdict) {
            this.benchmark = benchmark;
            this.metric = metric;
            this.before = before;
            this.after = after;
            this.change = change;
            this.pValue = pValue;
            this.verdict = verdict;
        }

        public String benchmark() {
            return benchmark;
        }

        public String metric() {
            return metric;
        }

        public String before() {
            return before;
        }

        public String after() {
            return after;
        }

        public String change() {
            return change;
        }

        public String pValue() {
            return pValue;
        }

        public String verdict() {
            return verdict;
        }

        List<String> cells() {
            List<String> cells = new ArrayList<>();
            Collections.addAll(cells, benchmark, metric, before, after, change, pValue, verdict);
            return cells;
        }
    }

    /** Column headers of the before/after table. */
    static final List<String> HEADERS = Collections.unmodifiableList(java.util.Arrays.asList(
            "Benchmark", "Metric", "Before", "After", "Change", "p", "Verdict"));

    public static final class Builder {
        private String vote;
        private final List<String> headline = new ArrayList<>();
        private final List<Item> setup = new ArrayList<>();
        private String command;
        private String commandLabel = "Command";
        private String baselineCommand;
        private final List<Row> rows = new ArrayList<>();
        private String tableCaption;
        private final List<String> profiles = new ArrayList<>();
        private final List<String> profileEvidence = new ArrayList<>();
        private final List<String> notes = new ArrayList<>();

        private Builder() {
        }

        public Builder vote(String vote) {
            this.vote = vote;
            return this;
        }

        public Builder headline(String sentence) {
            headline.add(sentence);
            return this;
        }

        public Builder item(String label, String text) {
            setup.add(new Item(label, text));
            return this;
        }

        public Builder commandLabel(String label) {
            this.commandLabel = label;
            return this;
        }

        public Builder baselineCommand(String command) {
            this.baselineCommand = command;
            return this;
        }

        public Builder command(String command) {
            this.command = command;
            return this;
        }

        public Builder row(Row row) {
            rows.add(row);
            return this;
        }

        public Builder tableCaption(String caption) {
            this.tableCaption = caption;
            return this;
        }

        public Builder profile(String path) {
            profiles.add(path);
            return this;
        }

        public Builder profileEvidence(String entry) {
            profileEvidence.add(entry);
            return this;
        }

        public Builder note(String note) {
            notes.add(note);
            return this;
        }

        public Methodology build() {
            return new Methodology(this);
        }
    }
}
