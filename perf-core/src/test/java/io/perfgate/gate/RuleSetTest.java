package io.perfgate.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.stats.Direction;
import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/** The POM's {@code <rules>}: the first rule whose pattern is found in a benchmark's key applies. */
class RuleSetTest {
    private static RuleSet parse(BenchmarkRule... rules) throws InvalidSettingException {
        return RuleSet.parse(Arrays.asList(rules), GateSettings.builder());
    }

    @Test
    void theFirstMatchingRuleApplies() throws Exception {
        RuleSet rules = parse(new BenchmarkRule().pattern("ParserBench\\.parse$").medianFail("30%"),
                new BenchmarkRule().pattern("ParserBench").ignore("true"));

        assertEquals("rule 1 'ParserBench\\.parse$'", rules.match("com.acme.ParserBench.parse").label());
        assertEquals("rule 2 'ParserBench'", rules.match("com.acme.ParserBench.parseAll").label());
        assertTrue(rules.match("com.acme.ParserBench.parseAll").ignore());
        assertNull(rules.match("com.acme.WriterBench.write"));
        assertEquals(2, rules.rules().size());
    }

    /** A pattern is searched for in the key, as JMH searches its includes, not matched against all of it. */
    @Test
    void aPatternIsFoundAnywhereInTheKey() throws Exception {
        RuleSet rules = parse(new BenchmarkRule().pattern("size=1000"));
        assertEquals("rule 1 'size=1000'", rules.match("com.acme.SortBench.sort:size=1000").label());
    }

    @Test
    void aRuleDescribesOnlyWhatItSets() throws Exception {
        RuleSet rules = parse(new BenchmarkRule().pattern("A").medianFail("30%").medianMin("5%")
                .allocBytes("64").direction("Higher"), new BenchmarkRule().pattern("B"));
        RuleSet.ParsedRule a = rules.rules().get(0);
        assertEquals("medianFail=30%, medianMin=5%, allocBytes=64, direction=higher", a.describe());
        assertEquals(Direction.HIGHER_IS_BETTER, a.direction());
        assertEquals("", rules.rules().get(1).describe());
        assertNull(rules.rules().get(1).direction());
    }

    @Test
    void noRulesIsAnEmptySet() throws Exception {
        assertTrue(RuleSet.parse(null, GateSettings.builder()).isEmpty());
        assertTrue(RuleSet.parse(Collections.emptyList(), GateSettings.builder()).isEmpty());
        assertTrue(RuleSet.empty().isEmpty());
        assertNull(RuleSet.empty().match("anything"));
    }

    @Test
    void eachMistakeNamesTheRuleAndTheField() {
        assertEquals("<rule> number 1 has no <pattern>; write a regular expression found in the benchmark name, such"
                + " as <pattern>ParserBench\\.parse</pattern>",
                assertThrows(InvalidSettingException.class, () -> parse(new BenchmarkRule())).getMessage());
        assertTrue(assertThrows(InvalidSettingException.class, () -> parse(new BenchmarkRule().pattern("ok"),
                new BenchmarkRule().pattern("Foo["))).getMessage().startsWith("<rule> number 2: <pattern>Foo["
                        + "</pattern> is not a valid regular expression: "));
        assertEquals("<rule> number 1 ('A') <direction> = 'up' is not 'lower' or 'higher' (which way is better)",
                assertThrows(InvalidSettingException.class, () -> parse(new BenchmarkRule().pattern("A")
                        .direction("up"))).getMessage());
        assertEquals("<rule> number 1 is empty; give it a <pattern>", assertThrows(InvalidSettingException.class,
                () -> RuleSet.parse(Collections.singletonList(null), GateSettings.builder())).getMessage());
    }

    /** A rule's unset threshold takes the global one, so the pair is checked whole: T_min above T_fail is refused. */
    @Test
    void aRuleIsCheckedWithTheGlobalValuesItFallsBackTo() {
        InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> parse(new BenchmarkRule().pattern("A").medianMin("40%")));
        assertTrue(e.getMessage().contains("<rule> number 1 ('A') <medianMin>"), e.getMessage());
    }
}
