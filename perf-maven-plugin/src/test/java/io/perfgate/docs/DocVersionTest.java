package io.perfgate.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The pages name one version of the plugin: the project's own, read from the parent POM. A reader copies the
 * coordinates and the {@code <version>} of the POM snippets; a stale one resolves nothing (or an old build).
 */
class DocVersionTest {
    /**
     * {@code io.perfgate:perf-maven-plugin:X}, {@code X} up to the next colon, blank or quote; a type between the
     * artifact and the version, as Maven's messages write it ({@code :jar:0.1.0-SNAPSHOT}), is skipped.
     */
    private static final Pattern COORDINATES = Pattern.compile("io\\.perfgate:(perf-maven-plugin|perf-scenario-api):"
            + "(?:(?:jar|pom|maven-plugin):)?([^:\\s`'\"|)\\]]+)(:([A-Za-z-]+))?");
    /** A POM element of one of the project's artifacts: groupId, artifactId, version, in that order. */
    private static final Pattern POM_ELEMENT = Pattern.compile("<groupId>io\\.perfgate</groupId>\\s*"
            + "<artifactId>([^<]+)</artifactId>(\\s*<version>([^<]*)</version>)?");

    @Test
    void everyPageNamesTheProjectsVersion() {
        String version = DocPages.projectVersion();
        List<String> wrong = new ArrayList<>();
        for (Path page : DocPages.pagesAndExample()) {
            wrong.addAll(wrongVersions(DocPages.name(page), DocPages.read(page), version));
        }
        assertEquals(List.of(), wrong, "the pages must name the plugin's version, " + version);
    }

    /**
     * The goal pages the site generates from the Mojos' Javadoc (the descriptor holds it) are pages a reader copies
     * from too: a goal's example command names the build's version, as the markdown pages do.
     */
    @Test
    void everyGoalPageNamesTheProjectsVersion() {
        String version = DocPages.projectVersion();
        Path descriptor = Paths.get("target", "classes", "META-INF", "maven", "plugin.xml");
        assertEquals(List.of(), wrongVersions(descriptor.toString(), DocPages.read(descriptor), version),
                "the goals' Javadoc must name the plugin's version, " + version);
    }

    /** Where {@code text} names a version of the project's artifacts other than {@code version}. */
    private static List<String> wrongVersions(String name, String text, String version) {
        List<String> wrong = new ArrayList<>();
        Matcher m = COORDINATES.matcher(text);
        while (m.find()) {
            String second = m.group(2);
            String where = name + ":" + line(text, m.start()) + ": " + m.group();
            if (m.group(4) == null && isGoal(second)) {
                wrong.add(where + " (a goal by coordinates without a version: write io.perfgate:"
                        + m.group(1) + ":" + version + ":" + second + ")");
            } else if (!second.equals(version) && !second.startsWith("${")) {
                wrong.add(where + " (the version is " + version + ")");
            }
        }
        Matcher pom = POM_ELEMENT.matcher(text);
        while (pom.find()) {
            String v = pom.group(3);
            if (v != null && !v.equals(version) && !v.startsWith("${")) {
                wrong.add(name + ":" + line(text, pom.start()) + ": <artifactId>" + pom.group(1)
                        + "</artifactId> <version>" + v + "</version> (the version is " + version + ")");
            }
        }
        return wrong;
    }

    /** The example builds against the plugin of this reactor: its POM names the same version. */
    @Test
    void theExampleUsesTheProjectsVersion() {
        String pom = DocPages.read(DocPages.ROOT.resolve("examples/quickstart/pom.xml"));
        Matcher m = Pattern.compile("<perf-maven-plugin.version>([^<]+)</perf-maven-plugin.version>").matcher(pom);
        assertEquals(true, m.find(), "examples/quickstart/pom.xml has no <perf-maven-plugin.version>");
        assertEquals(DocPages.projectVersion(), m.group(1));
    }

    private static boolean isGoal(String word) {
        return word.matches("[a-z]+");
    }

    private static int line(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }
}
