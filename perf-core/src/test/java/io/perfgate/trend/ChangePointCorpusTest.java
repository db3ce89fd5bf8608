package io.perfgate.trend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Golden test on series of the agreement corpus (src/site/scripts/changepoints-agreement.py, seed 20261127),
 * copied to the test resources: the change points Otava 0.8 reported on each (column otava) and ours. They differ
 * only where one run would be a change point (trends.md, "Differences").
 */
class ChangePointCorpusTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        // name; Otava 0.8; ours
        "step-up-3pct-sd2; 28; 28",
        "three-steps; 40 80 120; 40 80 120",
        "creep-1pct-per-run; 33 40 44; 33 40 44",
        "episode-5-runs; 40 45; 40 45",
        "step-late; 55; 55",
        "noise-outliers; 78; 78",
        "spike-last; 59; ''",
        "spike-first; 1; ''",
    })
    void changePointsOfTheCorpus(String name, String otava, String ours) throws IOException, URISyntaxException {
        Path csv = Paths.get(ChangePointCorpusTest.class.getResource("corpus/" + name + ".csv").toURI());
        ChangePointDetector detector = new ChangePointDetector(ChangePointOptions.defaults());
        List<ChangePoint> points = detector.detect(AgreementBridge.read(csv));
        assertEquals(ours.trim(), points.stream().map(p -> String.valueOf(p.index())).collect(Collectors.joining(" ")),
                "Otava 0.8 found: " + otava);
    }
}
