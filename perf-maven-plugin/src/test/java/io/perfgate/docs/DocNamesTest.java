package io.perfgate.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * What the pages name exists in the code: every {@code perf.*} property (PerfProperties), every {@code perf:goal}
 * (the {@code @Mojo} names, and the generated {@code help}), and every default a table gives for a property (the
 * generated plugin descriptor). ConfigurationPageTest holds the configuration page's rows to PerfProperties; this
 * test holds every page, the README included.
 */
class DocNamesTest {
    private static final Path MOJOS = Paths.get("src/main/java/io/perfgate/maven");
    private static final Path DESCRIPTOR = Paths.get("target", "classes", "META-INF", "maven", "plugin.xml");

    /** A property name: {@code perf.} then a letter, ending in a letter or digit (a full stop after it is prose). */
    private static final Pattern PROPERTY = Pattern.compile(
            "(?<![A-Za-z0-9_/.-])perf\\.[A-Za-z][A-Za-z0-9.]*[A-Za-z0-9]");
    /** {@code perf:goal}, or the goal of {@code io.perfgate:perf-maven-plugin:<version>:goal}. */
    private static final Pattern GOAL = Pattern.compile(
            "(?<![A-Za-z0-9.-])perf:([a-z][A-Za-z-]*)|perf-maven-plugin:[^:\\s`]+:([a-z][A-Za-z-]*)");

    /**
     * Names that start like a property but are not one, each for a stated reason: report.json's settings name
     * each rule {@code perf.rules[N]} (report-schema.md); configuration.md shows the warning a misspelt property
     * gets ({@code perf.failOnRegresion}) and the one {@code perf.*} name it does not warn of ({@code perf.version},
     * the plugin's version in builds that call it by coordinates).
     */
    private static final Set<String> NOT_PROPERTIES = Set.of("perf.rules", "perf.failOnRegresion", "perf.version");

    @Test
    void everyPropertyNamedExists() throws Exception {
        Set<String> known = properties();
        List<String> unknown = new ArrayList<>();
        for (Path page : DocPages.pagesAndExample()) {
            String text = DocPages.read(page);
            Matcher m = PROPERTY.matcher(text);
            while (m.find()) {
                String name = m.group();
                if (!known.contains(name) && !NOT_PROPERTIES.contains(name)) {
                    unknown.add(DocPages.name(page) + ": " + name);
                }
            }
        }
        assertEquals(List.of(), unknown, "properties the pages name that PerfProperties does not have");
    }

    @Test
    void everyGoalNamedExists() throws IOException {
        Set<String> goals = goals();
        assertTrue(goals.containsAll(List.of("run", "check", "baseline", "compare")), "goals read: " + goals);
        List<String> unknown = new ArrayList<>();
        for (Path page : DocPages.pagesAndExample()) {
            Matcher m = GOAL.matcher(DocPages.read(page));
            while (m.find()) {
                String goal = m.group(1) != null ? m.group(1) : m.group(2);
                if (!goals.contains(goal)) {
                    unknown.add(DocPages.name(page) + ": " + m.group());
                }
            }
        }
        assertEquals(List.of(), unknown, "goals the pages name that the plugin does not have (it has " + goals + ")");
    }

    /**
     * In every table with a "property" and a "default" column, a row for one property whose default cell starts
     * with a code span gives a default that some goal's parameter for that property has.
     */
    @Test
    void everyTabledDefaultIsTheCodes() throws Exception {
        Map<String, Set<String>> defaults = descriptorDefaults();
        List<String> wrong = new ArrayList<>();
        Pattern oneProperty = Pattern.compile("`(perf\\.[A-Za-z0-9.]+)`");
        Pattern firstCode = Pattern.compile("^`([^`]*)`");
        for (Path page : DocPages.pages()) {
            int propertyColumn = -1;
            int defaultColumn = -1;
            int lineNumber = 0;
            for (String line : DocPages.read(page).lines().collect(Collectors.toList())) {
                lineNumber++;
                String t = line.trim();
                if (!t.startsWith("|")) {
                    propertyColumn = -1;
                    defaultColumn = -1;
                    continue;
                }
                List<String> cells = cells(t);
                if (propertyColumn < 0) {
                    propertyColumn = cells.indexOf("property");
                    defaultColumn = cells.indexOf("default");
                    if (propertyColumn < 0 || defaultColumn < 0) {
                        propertyColumn = -2;
                    }
                    continue;
                }
                if (propertyColumn == -2 || cells.size() <= Math.max(propertyColumn, defaultColumn)) {
                    continue;
                }
                Matcher p = oneProperty.matcher(cells.get(propertyColumn));
                if (!p.matches()) {
                    continue;
                }
                Matcher d = firstCode.matcher(cells.get(defaultColumn));
                Set<String> code = defaults.get(p.group(1));
                if (d.find() && code != null && !code.contains(d.group(1))) {
                    wrong.add(DocPages.name(page) + ":" + lineNumber + ": " + p.group(1) + " default `" + d.group(1)
                            + "`, the code's " + code);
                }
            }
        }
        assertEquals(List.of(), wrong, "defaults in the pages' tables that differ from the plugin descriptor's");
    }

    private static List<String> cells(String row) {
        String inner = row.substring(1, row.endsWith("|") && row.length() > 1 ? row.length() - 1 : row.length());
        List<String> cells = new ArrayList<>();
        for (String c : inner.split("(?<!\\\\)\\|", -1)) {
            cells.add(c.trim());
        }
        return cells;
    }

    static Set<String> properties() {
        return PerfProperties.names();
    }

    /** The {@code @Mojo(name = ...)} of the Mojo sources, and {@code help} when the POM generates it. */
    static Set<String> goals() throws IOException {
        Set<String> goals = new TreeSet<>();
        Pattern mojo = Pattern.compile("@Mojo\\s*\\(\\s*name\\s*=\\s*\"([^\"]+)\"");
        try (Stream<Path> sources = Files.list(MOJOS)) {
            for (Path source : sources.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList())) {
                Matcher m = mojo.matcher(DocPages.read(source));
                while (m.find()) {
                    goals.add(m.group(1));
                }
            }
        }
        if (DocPages.read(Paths.get("pom.xml")).contains("<goal>helpmojo</goal>")) {
            goals.add("help");
        }
        return goals;
    }

    /** Per user property, the default values its parameters have in the generated descriptor, over all goals. */
    static Map<String, Set<String>> descriptorDefaults() throws Exception {
        assertTrue(DESCRIPTOR.toFile().isFile(), "no plugin descriptor at " + DESCRIPTOR + "; run process-classes");
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(DESCRIPTOR.toFile());
        Map<String, Set<String>> defaults = new TreeMap<>();
        NodeList configurations = doc.getElementsByTagName("configuration");
        for (int i = 0; i < configurations.getLength(); i++) {
            NodeList entries = configurations.item(i).getChildNodes();
            for (int j = 0; j < entries.getLength(); j++) {
                Node n = entries.item(j);
                if (!(n instanceof Element)) {
                    continue;
                }
                Element e = (Element) n;
                String expression = e.getTextContent().trim();
                if (expression.startsWith("${" + PerfProperties.PREFIX) && e.hasAttribute("default-value")) {
                    String property = expression.substring(2, expression.length() - 1);
                    defaults.computeIfAbsent(property, k -> new TreeSet<>()).add(e.getAttribute("default-value"));
                }
            }
        }
        return defaults;
    }
}
