package io.perfgate.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.stats.Direction;
import io.perfgate.stats.Multiplicity;
import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;

class GateSettingsTest {
    @Test
    void defaultsAreThoseOfTheStatisticsReference() {
        GateSettings s = GateSettings.defaults();
        assertEquals(0.10, s.medianFail());
        assertEquals(0.05, s.medianMin());
        assertEquals(0.20, s.p95Fail());
        assertEquals(0.10, s.p95Min());
        assertEquals(0.05, s.alpha());
        assertEquals(0.02, s.allocation().percent());
        assertEquals(16, s.allocation().bytes());
        assertEquals(5, s.minForks());
        assertEquals(Multiplicity.Mode.NONE, s.multiplicity());
        assertEquals(EnvironmentPolicy.WARN, s.environmentPolicy());
        assertTrue(s.failOnRegression());
        assertFalse(s.failOnMissingBaseline());
        assertFalse(s.failOnNewBenchmarks());
        assertFalse(s.failOnMissingBenchmarks());
    }

    @Test
    void aSwitchIsTrueOrFalseInAnyCaseEmptyForItsDefaultAndNothingElse() throws Exception {
        assertTrue(SettingParser.flag("perf.adaptive", "true", "false"));
        assertTrue(SettingParser.flag("perf.adaptive", " TRUE ", "false"));
        assertFalse(SettingParser.flag("perf.adaptive", "False", "true"));
        // empty or absent: the default, as -Dperf.adaptive= gives it
        assertTrue(SettingParser.flag("perf.adaptive", "", "true"));
        assertTrue(SettingParser.flag("perf.adaptive", "  ", "true"));
        assertFalse(SettingParser.flag("perf.bisect", null, "false"));
        // Maven's own conversion reads all of these as false; the rule refuses them, naming property and value
        for (String nonsense : new String[] {"yes", "no", "1", "0", "on", "ture", "true,", "t"}) {
            assertMessage("perf.adaptive = '" + nonsense + "' is not a switch; write true or false (in any case), or"
                    + " leave it empty for the default", () -> SettingParser.flag("perf.adaptive", nonsense, "true"));
        }
        // the gate's switches and a rule's <ignore> follow the same rule
        assertFalse(GateSettings.builder().set("perf.failOnRegression", "FALSE").build().failOnRegression());
        assertTrue(GateSettings.builder().set("perf.failOnRegression", "").build().failOnRegression());
        assertTrue(GateSettings.builder().rules(Collections.singletonList(new BenchmarkRule().pattern("P")
                .ignore(" True "))).build().rules().rules().get(0).ignore());
        assertFalse(GateSettings.builder().rules(Collections.singletonList(new BenchmarkRule().pattern("P")
                .ignore(""))).build().rules().rules().get(0).ignore());
    }

    @Test
    void percentagesWithOrWithoutSign() throws Exception {
        assertEquals(0.10, SettingParser.percent("p", "10%"), 1e-15);
        assertEquals(0.10, SettingParser.percent("p", "10 %"), 1e-15);
        assertEquals(0.10, SettingParser.percent("p", " 10 "), 1e-15);
        assertEquals(0.025, SettingParser.percent("p", "2.5%"), 1e-15);
        assertEquals(0.001, SettingParser.percent("p", "0.1%"), 1e-15);
        assertEquals(0, SettingParser.percent("p", "0"), 0);
        assertEquals(1.5, SettingParser.percent("p", "150%"), 1e-15);
    }

    @Test
    void nonsensePercentagesAreRefusedNamingThePropertyAndTheForm() {
        assertMessage("perf.median.fail = '-3%' is negative; a threshold is the size of a slowdown: write a"
                + " percentage from 0% to 1000%, such as 10%", () -> SettingParser.percent("perf.median.fail", "-3%"));
        assertMessage("perf.median.fail = 'abc' is not a number; write a percentage such as 10%",
                () -> SettingParser.percent("perf.median.fail", "abc"));
        assertMessage("perf.median.fail = '10%%' is not a number; write a percentage such as 10%",
                () -> SettingParser.percent("perf.median.fail", "10%%"));
        assertMessage("perf.median.fail = 'NaN' is not a number; write a percentage such as 10%",
                () -> SettingParser.percent("perf.median.fail", "NaN"));
        assertMessage("perf.p95.fail = '5000%' is above 1000%; write a percentage such as 10%",
                () -> SettingParser.percent("perf.p95.fail", "5000%"));
        assertMessage("perf.median.fail = '0.10' is ambiguous: thresholds are percentages, so write '10%' for 10"
                + " percent or '0.10%' for 0.10 percent", () -> SettingParser.percent("perf.median.fail", "0.10"));
        assertMessage("perf.median.fail is empty; write a percentage such as 10%",
                () -> SettingParser.percent("perf.median.fail", "  "));
    }

    @Test
    void otherValues() throws Exception {
        assertEquals(0.05, SettingParser.alpha("a", "0.05"));
        assertEquals(0.01, SettingParser.alpha("a", "1%"), 1e-15);
        assertMessage("perf.alpha = '0.7' is out of range; write a probability between 0 and 0.5 such as 0.05 (or 5%)",
                () -> SettingParser.alpha("perf.alpha", "0.7"));
        assertEquals(16, SettingParser.bytes("b", "16"));
        assertEquals(16, SettingParser.bytes("b", "16 B"));
        assertEquals(24.5, SettingParser.bytes("b", "24.5 B/op"));
        assertMessage("perf.alloc.bytes = '-1' is negative; write a number of bytes per operation such as 16 or"
                + " 16 B/op", () -> SettingParser.bytes("perf.alloc.bytes", "-1"));
        assertEquals(7, SettingParser.count("perf.minForks", "7", 2));
        assertMessage("perf.minForks = '1' is too small; write a whole number of at least 2",
                () -> SettingParser.count("perf.minForks", "1", 2));
        assertMessage("perf.minForks = 'five' is not a whole number of at least 2",
                () -> SettingParser.count("perf.minForks", "five", 2));
        assertEquals(EnvironmentPolicy.STRICT,
                SettingParser.choice("perf.environmentPolicy", "Strict", EnvironmentPolicy.class));
        assertMessage("perf.environmentPolicy = 'lax' is not one of strict|warn|ignore",
                () -> SettingParser.choice("perf.environmentPolicy", "lax", EnvironmentPolicy.class));
    }

    @Test
    void settingByPropertyName() throws Exception {
        GateSettings s = GateSettings.builder().set("perf.median.fail", "15%").set("perf.median.min", "7.5")
                .set("perf.p95.fail", "30").set("perf.p95.min", "15%").set("perf.alpha", "0.01")
                .set("perf.alloc.percent", "5%").set("perf.alloc.bytes", "32").set("perf.minForks", "8")
                .set("perf.multiplicity", "bh").set("perf.environmentPolicy", "strict")
                .set("perf.failOnRegression", "false").set("perf.failOnMissingBaseline", "true")
                .set("perf.failOnNewBenchmarks", "true").set("perf.failOnMissingBenchmarks", "true")
                .set("perf.median.fail", null).build();
        assertEquals(0.15, s.medianFail(), 1e-15);
        assertEquals(0.075, s.medianMin(), 1e-15);
        assertEquals(0.30, s.p95Fail(), 1e-15);
        assertEquals(0.15, s.p95Min(), 1e-15);
        assertEquals(0.01, s.alpha());
        assertEquals(0.05, s.allocation().percent(), 1e-15);
        assertEquals(32, s.allocation().bytes());
        assertEquals(8, s.minForks());
        assertEquals(Multiplicity.Mode.BENJAMINI_HOCHBERG, s.multiplicity());
        assertEquals(EnvironmentPolicy.STRICT, s.environmentPolicy());
        assertFalse(s.failOnRegression());
        assertTrue(s.failOnMissingBaseline());
        assertTrue(s.failOnNewBenchmarks());
        assertTrue(s.failOnMissingBenchmarks());
        assertEquals("15%", s.describe().get("perf.median.fail"));
        assertEquals("bh", s.describe().get("perf.multiplicity"));
        assertMessage("perf.multiplicity = 'bonferroni' is not one of none|holm|bh (none: each comparison at alpha;"
                + " holm: family-wise; bh: Benjamini-Hochberg false discovery rate)",
                () -> GateSettings.builder().set("perf.multiplicity", "bonferroni"));
        assertMessage("perf.failOnRegression = 'yes' is not a switch; write true or false (in any case), or leave it empty for the default",
                () -> GateSettings.builder().set("perf.failOnRegression", "yes"));
    }

    @Test
    void minimumEffectAboveFailThresholdIsRefused() {
        assertMessage("perf.median.min = 12% is above perf.median.fail = 10%; the minimum effect (T_min) must not"
                + " exceed the fail threshold (T_fail)",
                () -> GateSettings.builder().set("perf.median.min", "12%").build());
        assertMessage("perf.p95.fail = 0% would fail on any slowdown at all; write a percentage above 0%, such as 10%",
                () -> GateSettings.builder().set("perf.p95.fail", "0").set("perf.p95.min", "0").build());
    }

    @Test
    void rulesAreCheckedWholeAndNamed() throws Exception {
        assertMessage("<rule> number 2 ('Parse') <medianFail> = '-3%' is negative; a threshold is the size of a"
                + " slowdown: write a percentage from 0% to 1000%, such as 10%", () -> GateSettings.builder()
                        .rules(Arrays.asList(new BenchmarkRule().pattern("X"),
                                new BenchmarkRule().pattern("Parse").medianFail("-3%")))
                        .build());
        // The rule's T_fail 4 % falls below the global T_min 5 %: the whole rule is inconsistent.
        assertMessage("<rule> number 1 ('Parse') <medianMin> = 5% is above <rule> number 1 ('Parse') <medianFail> = 4%;"
                + " the minimum effect (T_min) must not exceed the fail threshold (T_fail)",
                () -> GateSettings.builder().rules(Collections.singletonList(
                        new BenchmarkRule().pattern("Parse").medianFail("4%"))).build());
        assertMessage("<rule> number 1 has no <pattern>; write a regular expression found in the benchmark name,"
                + " such as <pattern>ParserBench\\.parse</pattern>", () -> GateSettings.builder()
                        .rules(Collections.singletonList(new BenchmarkRule().medianFail("20%"))).build());
        InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> GateSettings.builder()
                .rules(Collections.singletonList(new BenchmarkRule().pattern("Parse(").ignore("true"))).build());
        assertTrue(e.getMessage().startsWith("<rule> number 1: <pattern>Parse(</pattern> is not a valid regular"
                + " expression"), e.getMessage());
        assertMessage("<rule> number 1 ('P') <direction> = 'up' is not 'lower' or 'higher' (which way is better)",
                () -> GateSettings.builder().rules(Collections.singletonList(
                        new BenchmarkRule().pattern("P").direction("up"))).build());
        assertMessage("<rule> number 1 ('P') <ignore> = 'maybe' is not a switch; write true or false (in any case), or leave it empty for the default",
                () -> GateSettings.builder().rules(Collections.singletonList(
                        new BenchmarkRule().pattern("P").ignore("maybe"))).build());
    }

    @Test
    void firstMatchingRuleWinsAndUnsetFieldsFallBack() throws Exception {
        GateSettings s = GateSettings.builder().set("perf.p95.fail", "25%").rules(Arrays.asList(
                new BenchmarkRule().pattern("size=1000(,|$)").medianFail("20%").direction("LOWER"),
                new BenchmarkRule().pattern("ParserBench").medianFail("30%").medianMin("10%"))).build();
        BenchmarkSettings big = s.forBenchmark("a.ParserBench.parse:size=1000");
        assertEquals(0.20, big.median().fail(), 1e-15);
        assertEquals(0.05, big.median().minEffect(), 1e-15);
        assertEquals(0.25, big.p95().fail(), 1e-15);
        assertEquals(Direction.LOWER_IS_BETTER, big.directionOverride());
        assertEquals("rule 1 'size=1000(,|$)'", big.rule());
        BenchmarkSettings small = s.forBenchmark("a.ParserBench.parse:size=100");
        assertEquals(0.30, small.median().fail(), 1e-15);
        assertEquals(0.10, small.median().minEffect(), 1e-15);
        assertNull(small.directionOverride());
        BenchmarkSettings other = s.forBenchmark("a.Other.m");
        assertEquals(0.10, other.median().fail(), 1e-15);
        assertNull(other.rule());
        assertEquals("pattern=ParserBench, medianFail=30%, medianMin=10%", s.describe().get("perf.rules[2]"));
    }

    @Test
    void withAlphaKeepsEverythingElse() throws Exception {
        GateSettings s = GateSettings.builder().set("perf.median.fail", "15%")
                .rules(Collections.singletonList(new BenchmarkRule().pattern("X").medianFail("20%"))).build();
        GateSettings half = s.withAlpha(0.025);
        assertEquals(0.025, half.alpha());
        assertEquals(0.15, half.medianFail(), 1e-15);
        assertEquals(0.025, half.forBenchmark("a.X.m").median().alpha());
        assertEquals(0.20, half.forBenchmark("a.X.m").median().fail(), 1e-15);
    }

    private interface Call {
        void run() throws Exception;
    }

    private static void assertMessage(String expected, Call call) {
        InvalidSettingException e = assertThrows(InvalidSettingException.class, call::run);
        assertEquals(expected, e.getMessage());
    }
}
