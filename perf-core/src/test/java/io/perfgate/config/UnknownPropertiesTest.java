package io.perfgate.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** A misspelt perf.* property is named, with the property meant; a known one, or anything not perf.*, is not. */
class UnknownPropertiesTest {
    private static final Path ITS = Path.of("../perf-maven-plugin-it/src/it");

    @Test
    void theIssuesTyposAreNamedWithThePropertyMeant() {
        assertEquals(List.of(
                "perf.failOnRegresion is not a property of perf-maven-plugin; did you mean perf.failOnRegression?",
                "perf.medianFail is not a property of perf-maven-plugin; did you mean perf.median.fail?",
                "perf.threshold is not a property of perf-maven-plugin; it is ignored (the properties are listed on"
                        + " the plugin's Configuration page, and by mvn io.perfgate:perf-maven-plugin:help -Ddetail)"),
                UnknownProperties.warnings(List.of("perf.threshold", "perf.medianFail", "perf.failOnRegresion")));
    }

    @Test
    void caseIsIgnoredWhenFindingTheNearestName() {
        assertEquals(List.of("perf.FORKS is not a property of perf-maven-plugin; did you mean perf.forks?"),
                UnknownProperties.warnings(List.of("perf.FORKS")));
    }

    @Test
    void knownPropertiesAndOtherPrefixesAreNotWarnedOf() {
        Set<String> given = new TreeSet<>(PerfProperties.names());
        given.addAll(List.of("maven.test.skip", "performance", "perf", "jmh.version", "perf.version"));

        assertEquals(List.of(), UnknownProperties.warnings(given));
    }

    @Test
    void distanceCountsEdits() {
        assertEquals(0, UnknownProperties.distance("perf.forks", "perf.forks"));
        assertEquals(1, UnknownProperties.distance("perf.fork", "perf.forks"));
        assertEquals(2, UnknownProperties.distance("perf.froks", "perf.forks"));
        assertEquals(3, UnknownProperties.distance("kitten", "sitting"));
    }

    /** The project's own integration tests pass no property that would be warned of. */
    @Test
    void theIntegrationTestsSetNoUnknownProperty() throws IOException {
        Pattern property = Pattern.compile("-D(perf\\.[A-Za-z0-9.]+)=|<(perf\\.[A-Za-z0-9.]+)>");
        Set<String> given = new TreeSet<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(ITS)) {
            files = walk.filter(p -> p.getFileName().toString().equals("invoker.properties")
                    || p.getFileName().toString().equals("pom.xml")).collect(Collectors.toList());
        }
        for (Path file : files) {
            Matcher m = property.matcher(Files.readString(file, StandardCharsets.UTF_8));
            while (m.find()) {
                given.add(m.group(1) != null ? m.group(1) : m.group(2));
            }
        }
        assertEquals(true, given.size() > 10, "the ITs' properties were not found: " + given);
        assertEquals(List.of(), UnknownProperties.warnings(given));
    }
}
