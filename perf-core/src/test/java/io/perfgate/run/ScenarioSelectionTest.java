package io.perfgate.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.testing.LogLines;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ScenarioSelectionTest {
    private static ScenarioDefinition scenario(String id) {
        ScenarioDefinition d = new ScenarioDefinition();
        d.setId(id);
        return d;
    }

    private static List<String> ids(List<ScenarioDefinition> scenarios) {
        return scenarios.stream().map(ScenarioDefinition::getId).collect(Collectors.toList());
    }

    private final List<ScenarioDefinition> configured = Arrays.asList(scenario("ordered-wordcount"),
            scenario("unordered-wordcount"), scenario("join"));

    @Test
    void selectsTheScenariosWhoseIdHoldsAMatch() throws Exception {
        LogLines log = new LogLines();
        assertEquals(List.of("ordered-wordcount", "unordered-wordcount", "join"),
                ids(ScenarioSelection.select(configured, ".*", log)));
        assertEquals(List.of("ordered-wordcount", "join"),
                ids(ScenarioSelection.select(configured, "^ordered, join", log)));
        assertEquals(List.of(), ids(ScenarioSelection.select(configured, "none", log)));
        assertEquals(List.of(), log.lines());
    }

    @Test
    void warnsWhenNothingMatchesAndRefusesABadExpression() throws Exception {
        LogLines log = new LogLines();
        assertEquals(List.of(), ScenarioSelection.select(configured, "sort", log));
        assertEquals(List.of("perf.scenarioIncludes=sort matches none of the scenarios [ordered-wordcount,"
                + " unordered-wordcount, join]"), log.warnings());
        RunFailedException e = assertThrows(RunFailedException.class,
                () -> ScenarioSelection.select(configured, "word(", log));
        assertTrue(e.getMessage().startsWith("perf.scenarioIncludes 'word(' is not a regular expression: "),
                e.getMessage());
    }
}
