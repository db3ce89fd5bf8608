package io.perfgate.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DifferentialFlameGraphTest {
    private static StackProfile profile(long parse, long encode) {
        Map<List<String>, Long> wall = new LinkedHashMap<>();
        wall.put(Arrays.asList("run_jmhStub", "Codec.parse"), parse);
        wall.put(Arrays.asList("run_jmhStub", "Codec.parse", "Codec.<encode>"), encode);
        return new StackProfile(Collections.emptyMap(), wall, Collections.emptyMap(), Collections.emptyMap());
    }

    @Test
    void framesWhoseSelfShareGrewAreRedAndThoseThatShrankBlue() {
        String html = DifferentialFlameGraph.html("Codec <bench>", profile(900, 100), profile(500, 500));
        assertTrue(html.contains("<h1>Codec &lt;bench&gt;</h1>"), "escaped title");
        // encode went from 10 % to 50 % self: past the 20-point saturation, full red
        assertTrue(html.contains("Codec.&lt;encode&gt;: 50.0 % of the candidate&#39;s samples, 10.0 % of the base&#39;s;"
                + " self 50.0 % and 10.0 % (+40.0 points)</title><rect") , html);
        assertTrue(html.contains("fill=\"" + DifferentialFlameGraph.colour(0.4) + "\""));
        assertEquals("rgb(235,80,80)", DifferentialFlameGraph.colour(0.4));
        assertEquals("rgb(80,80,235)", DifferentialFlameGraph.colour(-0.4));
        assertEquals("rgb(220,220,220)", DifferentialFlameGraph.colour(0));
        // parse's self went from 90 % to 50 %: blue
        assertTrue(html.contains("Codec.parse: 100.0 % of the candidate&#39;s samples, 100.0 % of the base&#39;s; self 50.0 %"
                + " and 90.0 % (-40.0 points)"), html);
        assertTrue(html.contains("wall-clock samples (1000; base 1000)"));
    }

    @Test
    void anEmptyCandidateSaysSoInsteadOfDrawingNothing() {
        String html = DifferentialFlameGraph.html("x", profile(1, 1), profile(0, 0));
        assertTrue(html.contains("has no samples of the benchmark's threads"));
        assertTrue(!html.contains("<rect"));
    }
}
