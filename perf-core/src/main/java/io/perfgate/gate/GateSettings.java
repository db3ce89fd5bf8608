package io.perfgate.gate;

import static io.perfgate.config.PerfProperties.ALLOC_BYTES;
import static io.perfgate.config.PerfProperties.ALLOC_PERCENT;
import static io.perfgate.config.PerfProperties.ALPHA;
import static io.perfgate.config.PerfProperties.ENVIRONMENT_POLICY;
import static io.perfgate.config.PerfProperties.FAIL_ON_INCONCLUSIVE;
import static io.perfgate.config.PerfProperties.FAIL_ON_MISSING;
import static io.perfgate.config.PerfProperties.FAIL_ON_MISSING_BASELINE;
import static io.perfgate.config.PerfProperties.FAIL_ON_NEW;
import static io.perfgate.config.PerfProperties.FAIL_ON_NO_COMPARISONS;
import static io.perfgate.config.PerfProperties.FAIL_ON_REGRESSION;
import static io.perfgate.config.PerfProperties.MEDIAN_FAIL;
import static io.perfgate.config.PerfProperties.MEDIAN_MIN;
import static io.perfgate.config.PerfProperties.MIN_FORKS;
import static io.perfgate.config.PerfProperties.MULTIPLICITY;
import static io.perfgate.config.PerfProperties.P95_FAIL;
import static io.perfgate.config.PerfProperties.P95_MIN;

import io.perfgate.config.PerfProperties;
import io.perfgate.stats.Direction;
import io.perfgate.stats.Multiplicity;
import io.perfgate.stats.Thresholds;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything {@code perf:check} is configured with, checked and immutable. Build it from typed values
 * (code, such as the {@code compare} goal) or from the POM's strings with {@link Builder#set(String, String)},
 * which parses by property name and names the property in any error.
 */
public final class GateSettings {
    /** The fewest forks the exact test can work with at all (n = 2 gives p >= 1/6). */
    public static final int LEAST_MIN_FORKS = 2;

    /** The gate's properties, in the order {@link #describe()} lists them; each default is PerfProperties'. */
    private static final String[][] PROPERTIES = {
        {MEDIAN_FAIL, PerfProperties.DEFAULT_MEDIAN_FAIL},
        {MEDIAN_MIN, PerfProperties.DEFAULT_MEDIAN_MIN},
        {P95_FAIL, PerfProperties.DEFAULT_P95_FAIL},
        {P95_MIN, PerfProperties.DEFAULT_P95_MIN},
        {ALPHA, PerfProperties.DEFAULT_ALPHA},
        {ALLOC_PERCENT, PerfProperties.DEFAULT_ALLOC_PERCENT},
        {ALLOC_BYTES, PerfProperties.DEFAULT_ALLOC_BYTES},
        {MIN_FORKS, PerfProperties.DEFAULT_MIN_FORKS},
        {MULTIPLICITY, PerfProperties.DEFAULT_MULTIPLICITY},
        {ENVIRONMENT_POLICY, PerfProperties.DEFAULT_ENVIRONMENT_POLICY},
        {FAIL_ON_REGRESSION, PerfProperties.DEFAULT_TRUE},
        {FAIL_ON_MISSING_BASELINE, PerfProperties.DEFAULT_FALSE},
        {FAIL_ON_NEW, PerfProperties.DEFAULT_FALSE},
        {FAIL_ON_MISSING, PerfProperties.DEFAULT_FALSE},
        {FAIL_ON_INCONCLUSIVE, PerfProperties.DEFAULT_FALSE},
        {FAIL_ON_NO_COMPARISONS, PerfProperties.DEFAULT_TRUE},
    };

    /** The names of the gate's properties, for checks that every goal passes all of them. */
    public static List<String> propertyNames() {
        List<String> names = new ArrayList<>();
        for (String[] p : PROPERTIES) {
            names.add(p[0]);
        }
        return names;
    }

    private final double medianFail;
    private final double medianMin;
    private final double p95Fail;
    private final double p95Min;
    private final double alpha;
    private final AllocationTolerance allocation;
    private final int minForks;
    private final Multiplicity.Mode multiplicity;
    private final EnvironmentPolicy environmentPolicy;
    private final boolean failOnRegression;
    private final boolean failOnMissingBaseline;
    private final boolean failOnNewBenchmarks;
    private final boolean failOnMissingBenchmarks;
    private final boolean failOnInconclusive;
    private final boolean failOnNoComparisons;
    private final RuleSet rules;

    private GateSettings(Builder b, RuleSet rules) {
        this.medianFail = b.medianFail;
        this.medianMin = b.medianMin;
        this.p95Fail = b.p95Fail;
        this.p95Min = b.p95Min;
        this.alpha = b.alpha;
        this.allocation = new AllocationTolerance(b.allocPercent, b.allocBytes);
        this.minForks = b.minForks;
        this.multiplicity = b.multiplicity;
        this.environmentPolicy = b.environmentPolicy;
        this.failOnRegression = b.failOnRegression;
        this.failOnMissingBaseline = b.failOnMissingBaseline;
        this.failOnNewBenchmarks = b.failOnNewBenchmarks;
        this.failOnMissingBenchmarks = b.failOnMissingBenchmarks;
        this.failOnInconclusive = b.failOnInconclusive;
        this.failOnNoComparisons = b.failOnNoComparisons;
        this.rules = rules;
    }

    /** The defaults of statistics.md. */
    public static GateSettings defaults() {
        try {
            return builder().build();
        } catch (InvalidSettingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.medianFail = medianFail;
        b.medianMin = medianMin;
        b.p95Fail = p95Fail;
        b.p95Min = p95Min;
        b.alpha = alpha;
        b.allocPercent = allocation.percent();
        b.allocBytes = allocation.bytes();
        b.minForks = minForks;
        b.multiplicity = multiplicity;
        b.environmentPolicy = environmentPolicy;
        b.failOnRegression = failOnRegression;
        b.failOnMissingBaseline = failOnMissingBaseline;
        b.failOnNewBenchmarks = failOnNewBenchmarks;
        b.failOnMissingBenchmarks = failOnMissingBenchmarks;
        b.failOnInconclusive = failOnInconclusive;
        b.failOnNoComparisons = failOnNoComparisons;
        b.parsedRules = rules;
        return b;
    }

    /**
     * The same settings at another significance level, e.g. {@code alpha / 2} for the second look of an
     * adaptive comparison (Bonferroni over two looks). Thresholds and rules are kept.
     */
    public GateSettings withAlpha(double effectiveAlpha) {
        if (!(effectiveAlpha > 0 && effectiveAlpha < 0.5)) {
            throw new IllegalArgumentException("alpha must be in (0, 0.5), was " + effectiveAlpha);
        }
        Builder b = toBuilder();
        b.alpha = effectiveAlpha;
        return new GateSettings(b, rules);
    }

    /** The settings for one benchmark: the first matching rule's, else the global ones. */
    public BenchmarkSettings forBenchmark(String benchmarkKey) {
        RuleSet.ParsedRule r = rules.match(benchmarkKey);
        if (r == null) {
            return new BenchmarkSettings(new Thresholds(medianFail, medianMin, alpha),
                    new Thresholds(p95Fail, p95Min, alpha), allocation, null, false, null);
        }
        return new BenchmarkSettings(
                new Thresholds(or(r.medianFail, medianFail), or(r.medianMin, medianMin), alpha),
                new Thresholds(or(r.p95Fail, p95Fail), or(r.p95Min, p95Min), alpha),
                new AllocationTolerance(or(r.allocPercent, allocation.percent()), or(r.allocBytes, allocation.bytes())),
                r.direction(), r.ignore(), r.label());
    }

    private static double or(double value, double fallback) {
        return Double.isNaN(value) ? fallback : value;
    }

    public double medianFail() {
        return medianFail;
    }

    public double medianMin() {
        return medianMin;
    }

    public double p95Fail() {
        return p95Fail;
    }

    public double p95Min() {
        return p95Min;
    }

    /** The one-sided significance level of each comparison (before any multiplicity correction). */
    public double alpha() {
        return alpha;
    }

    public AllocationTolerance allocation() {
        return allocation;
    }

    public int minForks() {
        return minForks;
    }

    public Multiplicity.Mode multiplicity() {
        return multiplicity;
    }

    public EnvironmentPolicy environmentPolicy() {
        return environmentPolicy;
    }

    public boolean failOnRegression() {
        return failOnRegression;
    }

    public boolean failOnMissingBaseline() {
        return failOnMissingBaseline;
    }

    public boolean failOnNewBenchmarks() {
        return failOnNewBenchmarks;
    }

    public boolean failOnMissingBenchmarks() {
        return failOnMissingBenchmarks;
    }

    /** Whether an INCONCLUSIVE comparison fails the build. */
    public boolean failOnInconclusive() {
        return failOnInconclusive;
    }

    /** Whether a check in which no benchmark of the run is in the baseline fails the build. */
    public boolean failOnNoComparisons() {
        return failOnNoComparisons;
    }

    public RuleSet rules() {
        return rules;
    }

    /** The settings by property name, as text, for reports (rules as {@code perf.rules[1]}). */
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(MEDIAN_FAIL, pct(medianFail));
        m.put(MEDIAN_MIN, pct(medianMin));
        m.put(P95_FAIL, pct(p95Fail));
        m.put(P95_MIN, pct(p95Min));
        m.put(ALPHA, SettingParser.trimZeros(alpha));
        m.put(ALLOC_PERCENT, pct(allocation.percent()));
        m.put(ALLOC_BYTES, SettingParser.trimZeros(allocation.bytes()));
        m.put(MIN_FORKS, Integer.toString(minForks));
        m.put(MULTIPLICITY, multiplicityId(multiplicity));
        m.put(ENVIRONMENT_POLICY, environmentPolicy.id());
        m.put(FAIL_ON_REGRESSION, Boolean.toString(failOnRegression));
        m.put(FAIL_ON_MISSING_BASELINE, Boolean.toString(failOnMissingBaseline));
        m.put(FAIL_ON_NEW, Boolean.toString(failOnNewBenchmarks));
        m.put(FAIL_ON_MISSING, Boolean.toString(failOnMissingBenchmarks));
        m.put(FAIL_ON_INCONCLUSIVE, Boolean.toString(failOnInconclusive));
        m.put(FAIL_ON_NO_COMPARISONS, Boolean.toString(failOnNoComparisons));
        List<RuleSet.ParsedRule> list = rules.rules();
        for (int i = 0; i < list.size(); i++) {
            m.put("perf.rules[" + (i + 1) + "]", "pattern=" + list.get(i).pattern()
                    + (list.get(i).describe().isEmpty() ? "" : ", " + list.get(i).describe()));
        }
        return m;
    }

    /** The name of a multiplicity mode in {@code perf.multiplicity} and report.json: none, holm or bh. */
    public static String multiplicityId(Multiplicity.Mode mode) {
        return mode == Multiplicity.Mode.BENJAMINI_HOCHBERG ? "bh" : mode.name().toLowerCase(Locale.ROOT);
    }

    static Multiplicity.Mode parseMultiplicity(String property, String text) throws InvalidSettingException {
        try {
            return Multiplicity.Mode.parse(text);
        } catch (IllegalArgumentException e) {
            throw new InvalidSettingException(property, property + " = '" + text
                    + "' is not one of none|holm|bh (none: each comparison at alpha; holm: family-wise;"
                    + " bh: Benjamini-Hochberg false discovery rate)");
        }
    }

    static String pct(double fraction) {
        return SettingParser.trimZeros(fraction * 100) + "%";
    }

    static void checkPair(String failName, double fail, String minName, double min) throws InvalidSettingException {
        if (!(fail > 0)) {
            throw new InvalidSettingException(failName, failName + " = " + pct(fail)
                    + " would fail on any slowdown at all; write a percentage above 0%, such as 10%");
        }
        if (min > fail) {
            throw new InvalidSettingException(minName, minName + " = " + pct(min) + " is above " + failName + " = "
                    + pct(fail) + "; the minimum effect (T_min) must not exceed the fail threshold (T_fail)");
        }
    }

    /** Collects values; {@link #build()} checks them together. */
    public static final class Builder {
        double medianFail;
        double medianMin;
        double p95Fail;
        double p95Min;
        double alpha;
        double allocPercent;
        double allocBytes;
        int minForks;
        Multiplicity.Mode multiplicity;
        EnvironmentPolicy environmentPolicy;
        boolean failOnRegression;
        boolean failOnMissingBaseline;
        boolean failOnNewBenchmarks;
        boolean failOnMissingBenchmarks;
        boolean failOnInconclusive;
        boolean failOnNoComparisons;
        private List<BenchmarkRule> ruleBeans = new ArrayList<>();
        private RuleSet parsedRules;

        /** Starts from PerfProperties' defaults, parsed as a POM value would be: the defaults have one home. */
        private Builder() {
            try {
                for (String[] p : PROPERTIES) {
                    set(p[0], p[1]);
                }
            } catch (InvalidSettingException e) {
                throw new IllegalStateException("a default in PerfProperties does not parse: " + e.getMessage(), e);
            }
        }

        /**
         * Sets one value from its text, as a POM or {@code -D} gives it. Null or blank text keeps the default.
         *
         * @param property a {@code perf.*} property name of the gate, e.g. {@code perf.median.fail}
         * @throws InvalidSettingException naming the property and the accepted form
         */
        public Builder set(String property, String text) throws InvalidSettingException {
            if (text == null || text.trim().isEmpty()) {
                return this;
            }
            switch (property) {
                case MEDIAN_FAIL:
                    medianFail = SettingParser.percent(property, text);
                    break;
                case MEDIAN_MIN:
                    medianMin = SettingParser.percent(property, text);
                    break;
                case P95_FAIL:
                    p95Fail = SettingParser.percent(property, text);
                    break;
                case P95_MIN:
                    p95Min = SettingParser.percent(property, text);
                    break;
                case ALPHA:
                    alpha = SettingParser.alpha(property, text);
                    break;
                case ALLOC_PERCENT:
                    allocPercent = SettingParser.percent(property, text);
                    break;
                case ALLOC_BYTES:
                    allocBytes = SettingParser.bytes(property, text);
                    break;
                case MIN_FORKS:
                    minForks = SettingParser.count(property, text, LEAST_MIN_FORKS);
                    break;
                case MULTIPLICITY:
                    multiplicity = parseMultiplicity(property, text);
                    break;
                case ENVIRONMENT_POLICY:
                    environmentPolicy = SettingParser.choice(property, text, EnvironmentPolicy.class);
                    break;
                case FAIL_ON_REGRESSION:
                    failOnRegression = SettingParser.bool(property, text);
                    break;
                case FAIL_ON_MISSING_BASELINE:
                    failOnMissingBaseline = SettingParser.bool(property, text);
                    break;
                case FAIL_ON_NEW:
                    failOnNewBenchmarks = SettingParser.bool(property, text);
                    break;
                case FAIL_ON_MISSING:
                    failOnMissingBenchmarks = SettingParser.bool(property, text);
                    break;
                case FAIL_ON_INCONCLUSIVE:
                    failOnInconclusive = SettingParser.bool(property, text);
                    break;
                case FAIL_ON_NO_COMPARISONS:
                    failOnNoComparisons = SettingParser.bool(property, text);
                    break;
                default:
                    throw new IllegalArgumentException("not a property of the gate: " + property);
            }
            return this;
        }

        /** Fractions: 0.10 is 10 %. */
        public Builder median(double fail, double minEffect) {
            this.medianFail = fail;
            this.medianMin = minEffect;
            return this;
        }

        public Builder p95(double fail, double minEffect) {
            this.p95Fail = fail;
            this.p95Min = minEffect;
            return this;
        }

        public Builder alpha(double alpha) {
            this.alpha = alpha;
            return this;
        }

        public Builder allocation(double percent, double bytes) {
            this.allocPercent = percent;
            this.allocBytes = bytes;
            return this;
        }

        public Builder minForks(int minForks) {
            this.minForks = minForks;
            return this;
        }

        public Builder multiplicity(Multiplicity.Mode multiplicity) {
            this.multiplicity = multiplicity;
            return this;
        }

        public Builder environmentPolicy(EnvironmentPolicy environmentPolicy) {
            this.environmentPolicy = environmentPolicy;
            return this;
        }

        public Builder failOnRegression(boolean value) {
            this.failOnRegression = value;
            return this;
        }

        public Builder failOnMissingBaseline(boolean value) {
            this.failOnMissingBaseline = value;
            return this;
        }

        public Builder failOnNewBenchmarks(boolean value) {
            this.failOnNewBenchmarks = value;
            return this;
        }

        public Builder failOnMissingBenchmarks(boolean value) {
            this.failOnMissingBenchmarks = value;
            return this;
        }

        public Builder failOnInconclusive(boolean value) {
            this.failOnInconclusive = value;
            return this;
        }

        public Builder failOnNoComparisons(boolean value) {
            this.failOnNoComparisons = value;
            return this;
        }

        /** The POM's {@code <rules>}, parsed by {@link #build()} against the global values. */
        public Builder rules(List<BenchmarkRule> rules) {
            this.ruleBeans = rules == null ? new ArrayList<>() : new ArrayList<>(rules);
            this.parsedRules = null;
            return this;
        }

        /** Checks the values together (T_min &lt;= T_fail, ranges) and parses the rules. */
        public GateSettings build() throws InvalidSettingException {
            checkPair(MEDIAN_FAIL, medianFail, MEDIAN_MIN, medianMin);
            checkPair(P95_FAIL, p95Fail, P95_MIN, p95Min);
            if (!(medianMin >= 0) || !(p95Min >= 0)) {
                throw new InvalidSettingException(MEDIAN_MIN, "minimum effects must not be negative");
            }
            if (!(alpha > 0 && alpha < 0.5)) {
                throw new InvalidSettingException(ALPHA, ALPHA + " = " + alpha
                        + " is out of range; write a probability between 0 and 0.5 such as 0.05");
            }
            if (!(allocPercent >= 0) || !(allocBytes >= 0)) {
                throw new InvalidSettingException(ALLOC_PERCENT, "allocation tolerances must not be negative");
            }
            if (minForks < LEAST_MIN_FORKS) {
                throw new InvalidSettingException(MIN_FORKS, MIN_FORKS + " = " + minForks
                        + " is too small; write a whole number of at least " + LEAST_MIN_FORKS);
            }
            RuleSet rules = parsedRules != null ? parsedRules : RuleSet.parse(ruleBeans, this);
            return new GateSettings(this, rules);
        }
    }

    @Override
    public String toString() {
        return describe().toString();
    }
}
