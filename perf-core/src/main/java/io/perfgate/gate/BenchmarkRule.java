package io.perfgate.gate;

/**
 * One {@code <rule>} of the POM: thresholds, a direction or "ignore" for the benchmarks whose name matches a
 * pattern. A plain bean with String setters so Maven fills it from XML as written; {@link RuleSet} parses and
 * checks it, naming the rule in any error. Unset fields fall back to the global {@code perf.*} settings.
 *
 * <pre>{@code
 * <rules>
 *   <rule>
 *     <pattern>ParserBench\.parseLarge</pattern>
 *     <medianFail>20%</medianFail>
 *     <medianMin>10%</medianMin>
 *   </rule>
 *   <rule>
 *     <pattern>\.experimental\.</pattern>
 *     <ignore>true</ignore>
 *   </rule>
 * </rules>
 * }</pre>
 */
public final class BenchmarkRule {
    private String pattern;
    private String medianFail;
    private String medianMin;
    private String p95Fail;
    private String p95Min;
    private String allocPercent;
    private String allocBytes;
    private String direction;
    private String ignore;

    /** A Java regular expression searched in the benchmark's full name with parameters ({@code a.B.m:size=10}). */
    public String getPattern() {
        return pattern;
    }

    public void setPattern(String pattern) {
        this.pattern = pattern;
    }

    public String getMedianFail() {
        return medianFail;
    }

    /** The median's T_fail for matching benchmarks, a percentage such as {@code 15%}. */
    public void setMedianFail(String medianFail) {
        this.medianFail = medianFail;
    }

    public String getMedianMin() {
        return medianMin;
    }

    /** The median's T_min (minimum effect) for matching benchmarks, a percentage. */
    public void setMedianMin(String medianMin) {
        this.medianMin = medianMin;
    }

    public String getP95Fail() {
        return p95Fail;
    }

    public void setP95Fail(String p95Fail) {
        this.p95Fail = p95Fail;
    }

    public String getP95Min() {
        return p95Min;
    }

    public void setP95Min(String p95Min) {
        this.p95Min = p95Min;
    }

    public String getAllocPercent() {
        return allocPercent;
    }

    public void setAllocPercent(String allocPercent) {
        this.allocPercent = allocPercent;
    }

    public String getAllocBytes() {
        return allocBytes;
    }

    public void setAllocBytes(String allocBytes) {
        this.allocBytes = allocBytes;
    }

    public String getDirection() {
        return direction;
    }

    /** {@code lower} or {@code higher}: which way is better, when the mode and unit say it wrongly. */
    public void setDirection(String direction) {
        this.direction = direction;
    }

    public String getIgnore() {
        return ignore;
    }

    /** {@code true} to leave matching benchmarks out of the gate (they are still listed). */
    public void setIgnore(String ignore) {
        this.ignore = ignore;
    }

    /** Builder-style setter for code and tests. */
    public BenchmarkRule pattern(String value) {
        setPattern(value);
        return this;
    }

    public BenchmarkRule medianFail(String value) {
        setMedianFail(value);
        return this;
    }

    public BenchmarkRule medianMin(String value) {
        setMedianMin(value);
        return this;
    }

    public BenchmarkRule p95Fail(String value) {
        setP95Fail(value);
        return this;
    }

    public BenchmarkRule p95Min(String value) {
        setP95Min(value);
        return this;
    }

    public BenchmarkRule allocPercent(String value) {
        setAllocPercent(value);
        return this;
    }

    public BenchmarkRule allocBytes(String value) {
        setAllocBytes(value);
        return this;
    }

    public BenchmarkRule direction(String value) {
        setDirection(value);
        return this;
    }

    public BenchmarkRule ignore(String value) {
        setIgnore(value);
        return this;
    }

    @Override
    public String toString() {
        return "rule '" + pattern + "'";
    }
}
