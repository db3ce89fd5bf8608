package io.perfgate.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command printed and recorded to measure again as a run was started, pasted into a shell as it is. */
class RepeatCommandTest {
    @Test
    void keepsTheProfilesThePomAndTheUsersPropertiesInOrderQuotedForAShell() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("perf.include", "ParserBench.parse");
        properties.put("perf.jvmArgs", "-Xmx1g -XX:+UseG1GC");
        properties.put("perf.forks", "10");

        assertEquals("mvn -Pbenchmark,ci -f codec/pom.xml test-compile perf:compare -Dperf.include=ParserBench.parse"
                + " '-Dperf.jvmArgs=-Xmx1g -XX:+UseG1GC' -Dperf.forks=10",
                RepeatCommand.of(List.of("benchmark", "ci"), "codec/pom.xml", "perf:compare", properties));
    }

    @Test
    void aBuildStartedInTheModuleNeedsNoSelection() {
        assertEquals("mvn test-compile perf:run", RepeatCommand.of(List.of(), (String) null, "perf:run", Map.of()));
    }

    @Test
    void aReactorModuleIsSelectedAsTheBuildSelectedIt() {
        assertEquals("mvn -pl codec-core -am test-compile io.perfgate:perf-maven-plugin:0.1.0:run",
                RepeatCommand.of(List.of(), List.of("-pl", "codec-core", "-am"),
                        "io.perfgate:perf-maven-plugin:0.1.0:run", Map.of()));
    }

    @Test
    void aQuoteInAValueSurvivesTheShell() {
        assertEquals("mvn test-compile perf:run '-Dperf.params=name=O'\\''Brien'",
                RepeatCommand.of(List.of(), (String) null, "perf:run", Map.of("perf.params", "name=O'Brien")));
    }
}
