package io.perfgate.gate;

import io.perfgate.config.PerfProperties;
import io.perfgate.stats.Direction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The parsed {@code <rules>} of the POM. For each benchmark the FIRST rule whose pattern is found in the
 * benchmark's key applies, as in a firewall: put specific rules before general ones. A rule's unset fields
 * take the global values, so every rule is checked whole (T_min &lt;= T_fail) when the settings are built.
 */
public final class RuleSet {
    private final List<ParsedRule> rules;

    private RuleSet(List<ParsedRule> rules) {
        this.rules = Collections.unmodifiableList(rules);
    }

    public static RuleSet empty() {
        return new RuleSet(new ArrayList<>());
    }

    /**
     * Parses the POM's rules.
     *
     * @param beans the rules as Maven filled them, in POM order
     * @param globals the global values the rules fall back to
     */
    static RuleSet parse(List<BenchmarkRule> beans, GateSettings.Builder globals) throws InvalidSettingException {
        List<ParsedRule> parsed = new ArrayList<>();
        if (beans == null) {
            return new RuleSet(parsed);
        }
        for (int i = 0; i < beans.size(); i++) {
            parsed.add(parse(i + 1, beans.get(i), globals));
        }
        return new RuleSet(parsed);
    }

    private static ParsedRule parse(int number, BenchmarkRule bean, GateSettings.Builder g)
            throws InvalidSettingException {
        if (bean == null) {
            throw new InvalidSettingException("rules", "<rule> number " + number + " is empty; give it a <pattern>");
        }
        String name = "<rule> number " + number;
        if (bean.getPattern() == null || bean.getPattern().trim().isEmpty()) {
            throw new InvalidSettingException(name + ".pattern", name + " has no <pattern>; write a regular"
                    + " expression found in the benchmark name, such as <pattern>ParserBench\\.parse</pattern>");
        }
        String patternText = bean.getPattern().trim();
        Pattern pattern;
        try {
            pattern = Pattern.compile(patternText);
        } catch (PatternSyntaxException e) {
            throw new InvalidSettingException(name + ".pattern", name + ": <pattern>" + patternText
                    + "</pattern> is not a valid regular expression: " + e.getDescription());
        }
        String label = "rule " + number + " '" + patternText + "'";
        String prefix = name + " ('" + patternText + "') ";
        double medianFail = bean.getMedianFail() == null ? g.medianFail
                : SettingParser.percent(prefix + "<medianFail>", bean.getMedianFail());
        double medianMin = bean.getMedianMin() == null ? g.medianMin
                : SettingParser.percent(prefix + "<medianMin>", bean.getMedianMin());
        double p95Fail = bean.getP95Fail() == null ? g.p95Fail
                : SettingParser.percent(prefix + "<p95Fail>", bean.getP95Fail());
        double p95Min = bean.getP95Min() == null ? g.p95Min
                : SettingParser.percent(prefix + "<p95Min>", bean.getP95Min());
        double allocPercent = bean.getAllocPercent() == null ? g.allocPercent
                : SettingParser.percent(prefix + "<allocPercent>", bean.getAllocPercent());
        double allocBytes = bean.getAllocBytes() == null ? g.allocBytes
                : SettingParser.bytes(prefix + "<allocBytes>", bean.getAllocBytes());
        GateSettings.checkPair(prefix + "<medianFail>", medianFail, prefix + "<medianMin>", medianMin);
        GateSettings.checkPair(prefix + "<p95Fail>", p95Fail, prefix + "<p95Min>", p95Min);
        Direction direction = null;
        if (bean.getDirection() != null) {
            try {
                direction = Direction.fromJson(bean.getDirection().trim().toLowerCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new InvalidSettingException(prefix + "<direction>", prefix + "<direction> = '"
                        + bean.getDirection() + "' is not 'lower' or 'higher' (which way is better)");
            }
        }
        boolean ignore = SettingParser.flag(prefix + "<ignore>", bean.getIgnore(), PerfProperties.DEFAULT_FALSE);
        return new ParsedRule(label, pattern, bean.getMedianFail() != null ? medianFail : Double.NaN,
                bean.getMedianMin() != null ? medianMin : Double.NaN,
                bean.getP95Fail() != null ? p95Fail : Double.NaN, bean.getP95Min() != null ? p95Min : Double.NaN,
                bean.getAllocPercent() != null ? allocPercent : Double.NaN,
                bean.getAllocBytes() != null ? allocBytes : Double.NaN, direction, ignore);
    }

    public List<ParsedRule> rules() {
        return rules;
    }

    public boolean isEmpty() {
        return rules.isEmpty();
    }

    /** The first rule that matches the key, or null. */
    public ParsedRule match(String benchmarkKey) {
        for (ParsedRule r : rules) {
            if (r.matches(benchmarkKey)) {
                return r;
            }
        }
        return null;
    }

    /** One checked rule. NaN fields are unset and take the global value. */
    public static final class ParsedRule {
        private final String label;
        private final Pattern pattern;
        final double medianFail;
        final double medianMin;
        final double p95Fail;
        final double p95Min;
        final double allocPercent;
        final double allocBytes;
        private final Direction direction;
        private final boolean ignore;

        ParsedRule(String label, Pattern pattern, double medianFail, double medianMin, double p95Fail,
                double p95Min, double allocPercent, double allocBytes, Direction direction, boolean ignore) {
            this.label = label;
            this.pattern = pattern;
            this.medianFail = medianFail;
            this.medianMin = medianMin;
            this.p95Fail = p95Fail;
            this.p95Min = p95Min;
            this.allocPercent = allocPercent;
            this.allocBytes = allocBytes;
            this.direction = direction;
            this.ignore = ignore;
        }

        public boolean matches(String benchmarkKey) {
            return pattern.matcher(benchmarkKey).find();
        }

        /** As people read it: {@code rule 2 'Parse.*'}. */
        public String label() {
            return label;
        }

        public String pattern() {
            return pattern.pattern();
        }

        public Direction direction() {
            return direction;
        }

        public boolean ignore() {
            return ignore;
        }

        /** What the rule sets, for reports: {@code medianFail=20%, ignore=true}. */
        public String describe() {
            StringBuilder sb = new StringBuilder();
            append(sb, "medianFail", medianFail, true);
            append(sb, "medianMin", medianMin, true);
            append(sb, "p95Fail", p95Fail, true);
            append(sb, "p95Min", p95Min, true);
            append(sb, "allocPercent", allocPercent, true);
            append(sb, "allocBytes", allocBytes, false);
            if (direction != null) {
                sb.append(sb.length() == 0 ? "" : ", ").append("direction=").append(direction.json());
            }
            if (ignore) {
                sb.append(sb.length() == 0 ? "" : ", ").append("ignore=true");
            }
            return sb.toString();
        }

        private static void append(StringBuilder sb, String name, double value, boolean percent) {
            if (!Double.isNaN(value)) {
                sb.append(sb.length() == 0 ? "" : ", ").append(name).append('=')
                        .append(percent ? SettingParser.trimZeros(value * 100) + "%"
                                : SettingParser.trimZeros(value));
            }
        }
    }
}
