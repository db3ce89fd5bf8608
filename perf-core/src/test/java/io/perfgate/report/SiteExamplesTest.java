package io.perfgate.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The examples on the site's methodology page are the renderers' golden files, not prose that can drift. */
class SiteExamplesTest {
    @Test
    void methodologyPageShowsTheGoldenBlocks() throws Exception {
        String page = Files.readString(Path.of("../src/site/markdown/reference/methodology-formats.md"), StandardCharsets.UTF_8);
        for (String golden : new String[] {"expected.jira", "expected.md", "expected.txt"}) {
            String block = Files.readString(Path.of("src/test/resources/io/perfgate/report/methodology", golden),
                    StandardCharsets.UTF_8);
            assertTrue(page.contains(block), "src/site/markdown/reference/methodology-formats.md does not show " + golden
                    + " as it is now; paste it again");
        }
    }
}
