package io.perfgate.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The site's pages are in one folder per kind, and the two kinds a reader goes through from top to bottom are short
 * enough to finish: the tutorial (one page) at most 2,000 words, each how-to guide (one task) at most 1,500.
 * Reference, explanation and evidence pages are looked things up in, and have no limit.
 *
 * <p>Words are counted as {@code wc -w} counts them, prose and code alike: a block a reader has to read or copy is
 * part of the page's length. A page over its limit moves its study notes to the evidence, its background to an
 * explanation, its tables to a reference page, or splits into two tasks.
 */
class DocLengthTest {
    /** The folders of {@code src/site/markdown}, one per kind, and the most words a page of that kind may have. */
    private static final Map<String, Integer> LIMITS = Map.of("tutorial", 2_000, "how-to", 1_500);
    private static final List<String> KINDS = List.of("tutorial", "how-to", "reference", "explanation", "evidence");
    /** The pages that stay at the top of the site: the home page and the release notes. */
    private static final List<String> TOP = List.of("index.md", "release-notes.md");

    @Test
    void noTutorialOrHowToIsOverItsKindsLength() {
        List<String> over = new ArrayList<>();
        for (Path page : sitePages()) {
            String problem = overLimit(kind(page), DocPages.name(page), DocPages.read(page));
            if (problem != null) {
                over.add(problem);
            }
        }
        assertEquals(List.of(), over, "pages longer than their kind allows: move study notes to evidence/, background"
                + " to explanation/, tables to reference/, or split a page that does two tasks");
    }

    @Test
    void everyPageIsInTheFolderOfAKindAndTheTutorialIsOnePage() {
        List<String> misplaced = new ArrayList<>();
        int tutorials = 0;
        for (Path page : sitePages()) {
            String kind = kind(page);
            if (kind.equals("tutorial")) {
                tutorials++;
            }
            if (!KINDS.contains(kind) && !TOP.contains(DocPages.SITE.relativize(page).toString())) {
                misplaced.add(DocPages.name(page));
            }
        }
        assertEquals(List.of(), misplaced, "site pages outside the folders " + KINDS + " (only " + TOP
                + " stay at the top)");
        assertEquals(1, tutorials, "the tutorial is one page");
    }

    /** The rule on pages made up for it: the limit itself passes, one word more fails, code counts. */
    @Test
    void theRuleCountsProseAndCodeAsWcDoes() {
        assertEquals(7, words("Run it:\n\n```sh\nmvn -Pperf perf:run\n```\n"));
        assertEquals(null, overLimit("how-to", "how-to/x.md", "word ".repeat(1_500)));
        assertEquals("how-to/x.md: 1501 words, over the 1500 of a how-to page",
                overLimit("how-to", "how-to/x.md", "word ".repeat(1_498) + "\n```\nmore\n```"));
        assertEquals("tutorial/x.md: 2001 words, over the 2000 of a tutorial page",
                overLimit("tutorial", "tutorial/x.md", "word\n".repeat(2_001)));
        assertEquals(null, overLimit("evidence", "evidence/x.md", "word ".repeat(20_000)));
        assertTrue(sitePages().size() > 20, "the site's pages were not found");
    }

    /** What is wrong with a page's length, or null when it fits its kind (or its kind has no limit). */
    private static String overLimit(String kind, String name, String text) {
        Integer limit = LIMITS.get(kind);
        int words = words(text);
        return limit == null || words <= limit ? null
                : name + ": " + words + " words, over the " + limit + " of a " + kind + " page";
    }

    /** Words as {@code wc -w} counts them: runs of characters between blanks. */
    private static int words(String text) {
        String trimmed = text.strip();
        return trimmed.isEmpty() ? 0 : trimmed.split("\\s+").length;
    }

    /** The page's folder under {@code src/site/markdown}, which names its kind; empty for a page at the top. */
    private static String kind(Path page) {
        Path relative = DocPages.SITE.relativize(page);
        return relative.getNameCount() > 1 ? relative.getName(0).toString() : "";
    }

    private static List<Path> sitePages() {
        return DocPages.pages().stream().filter(p -> p.startsWith(DocPages.SITE)).collect(Collectors.toList());
    }
}
