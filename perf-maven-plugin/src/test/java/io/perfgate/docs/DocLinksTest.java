package io.perfgate.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the README, CONTRIBUTING and the site's pages leads somewhere, in both places the pages
 * are read: the repository's web view, which renders the {@code .md} files where they lie, and the site that
 * {@code ./mvnw site} builds, where Doxia renders {@code page.md} as {@code page.html} and rewrites links to
 * {@code .md} files the same way (so a page links to {@code other.md}, never to {@code other.html}).
 *
 * <p>A link is followed as the web view follows it: relative to the page's folder, to a file or folder that exists.
 * For a site page it must also stay in the site: a page of {@code src/site/markdown} (which becomes a page of the
 * site) or a file of {@code src/site/resources} at the same relative place (which the site copies as it is). An
 * {@code #anchor} must be declared in the target page with {@code <a id="anchor"></a>}: the web view and Doxia
 * derive different ids from a heading, so only a declared one works in both.
 */
class DocLinksTest {
    private static final Path CONTRIBUTING = DocPages.ROOT.resolve("CONTRIBUTING.md");
    private static final Path SITE_RESOURCES = DocPages.ROOT.resolve("src/site/resources");
    private static final Path SITE_XML = DocPages.ROOT.resolve("src/site/site.xml");

    /** {@code [text](target)} or {@code [text](target "title")}; images too ({@code ![alt](target)}). */
    private static final Pattern MARKDOWN_LINK = Pattern.compile("\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern HTML_LINK = Pattern.compile("<a\\s[^>]*href=\"([^\"]+)\"");
    private static final Pattern ANCHOR = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`]*`");

    @Test
    void everyRelativeLinkResolvesInTheWebViewAndInTheSite() {
        List<String> broken = new ArrayList<>();
        List<Path> pages = DocPages.pages();
        pages.add(CONTRIBUTING);
        for (Path page : pages) {
            boolean sitePage = isSitePage(page);
            for (Link link : links(page)) {
                String problem = problem(link, sitePage);
                if (problem != null) {
                    broken.add(DocPages.name(page) + ":" + link.line + ": " + link.target + " (" + problem + ")");
                }
            }
        }
        assertEquals(List.of(), broken, "links that lead nowhere; link a site page as other.md, an anchor as"
                + " page.md#name with <a id=\"name\"></a> in that page");
    }

    /** The menus name pages that exist: {@code page.html} is rendered from {@code page.md}. */
    @Test
    void everyMenuItemIsAPage() {
        Matcher items = Pattern.compile("<item name=\"([^\"]+)\" href=\"([^\"]+)\"").matcher(DocPages.read(SITE_XML));
        List<String> missing = new ArrayList<>();
        int count = 0;
        while (items.find()) {
            count++;
            String href = items.group(2);
            if (href.startsWith("perf-maven-plugin/")) {
                continue; // the goal pages, generated from the Mojos by maven-plugin-report-plugin
            }
            if (!href.endsWith(".html") || !Files.isRegularFile(DocPages.SITE.resolve(
                    href.substring(0, href.length() - ".html".length()) + ".md"))) {
                missing.add(items.group(1) + " -> " + href);
            }
        }
        assertTrue(count > 10, "site.xml's items were not found");
        assertEquals(List.of(), missing, "menu items of site.xml without a page in src/site/markdown");
    }

    /** The rule itself, on the forms it must tell apart. */
    @Test
    void theRuleTellsTheFormsApart() {
        Path faq = DocPages.SITE.resolve("explanation/faq.md");
        assertEquals(null, problem(new Link(faq, 1, "../reference/usage.md"), true));
        assertEquals(null, problem(new Link(faq, 1, "faq.md#silence"), true));
        assertEquals(null, problem(new Link(faq, 1, "#silence"), true));
        assertEquals(null, problem(new Link(faq, 1, "https://example.org/x.html"), true));
        assertEquals("not in the repository", problem(new Link(faq, 1, "../reference/usage.html"), true));
        assertEquals("not in the repository", problem(new Link(faq, 1, "usage.md"), true));
        assertEquals("no <a id=\"nowhere\"> in src/site/markdown/reference/usage.md",
                problem(new Link(faq, 1, "../reference/usage.md#nowhere"), true));
        assertEquals("outside the site", problem(new Link(faq, 1, "../../../../README.md"), true));
        assertEquals(null, problem(new Link(DocPages.README, 1, "src/site/markdown/explanation/faq.md#silence"),
                false));
    }

    private static boolean isSitePage(Path page) {
        return page.toAbsolutePath().normalize().startsWith(DocPages.SITE.toAbsolutePath().normalize());
    }

    /** What is wrong with a link, or null when it resolves in every form its page is read in. */
    private static String problem(Link link, boolean sitePage) {
        String target = link.target;
        if (target.matches("[A-Za-z][A-Za-z0-9+.-]*:.*")) {
            return null; // https:, mailto: and the like: not this test's to follow
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path dir = link.page.toAbsolutePath().normalize().getParent();
        Path resolved = file.isEmpty() ? link.page.toAbsolutePath().normalize() : dir.resolve(file).normalize();
        if (!Files.exists(resolved)) {
            return "not in the repository";
        }
        if (sitePage && !file.isEmpty()) {
            Path site = DocPages.SITE.toAbsolutePath().normalize();
            boolean page = resolved.startsWith(site) && file.endsWith(".md");
            boolean resource = resolved.startsWith(site) && Files.exists(
                    SITE_RESOURCES.toAbsolutePath().normalize().resolve(site.relativize(resolved)));
            if (!page && !resource) {
                return "outside the site";
            }
        }
        if (anchor != null && !anchors(resolved).contains(anchor)) {
            return "no <a id=\"" + anchor + "\"> in " + DocPages.name(resolved);
        }
        return null;
    }

    private static Set<String> anchors(Path page) {
        Set<String> anchors = new HashSet<>();
        if (Files.isRegularFile(page) && page.toString().endsWith(".md")) {
            Matcher m = ANCHOR.matcher(DocPages.read(page));
            while (m.find()) {
                anchors.add(m.group(1));
            }
        }
        return anchors;
    }

    /** The links of a page, outside fenced blocks and code spans, with their 1-based lines. */
    private static List<Link> links(Path page) {
        List<Link> links = new ArrayList<>();
        Set<Integer> fenced = new HashSet<>();
        for (DocPages.Fence fence : DocPages.fences(page)) {
            for (int i = 0; i <= fence.body.size() + 1; i++) {
                fenced.add(fence.line + i);
            }
        }
        List<String> lines = DocPages.read(page).lines().collect(Collectors.toList());
        for (int i = 0; i < lines.size(); i++) {
            if (fenced.contains(i + 1)) {
                continue;
            }
            String text = CODE_SPAN.matcher(lines.get(i)).replaceAll("``");
            for (Pattern pattern : List.of(MARKDOWN_LINK, HTML_LINK)) {
                Matcher m = pattern.matcher(text);
                while (m.find()) {
                    links.add(new Link(page, i + 1, m.group(1)));
                }
            }
        }
        return links;
    }

    /** A link as written, where it is written. */
    private static final class Link {
        final Path page;
        /** 1-based. */
        final int line;
        final String target;

        Link(Path page, int line, String target) {
            this.page = page;
            this.line = line;
            this.target = target;
        }
    }
}
