package io.perfgate.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * src/site/markdown/reference/configuration.md documents every perf.* property, and no property that does not exist; each
 * row names the goals that read the property, as the generated plugin descriptor has them; and every row of its
 * tables has as many cells as the table's header.
 */
class ConfigurationPageTest {
    private static final Path PAGE = Path.of("../src/site/markdown/reference/configuration.md");
    /** Written by maven-plugin-plugin's descriptor goal (process-classes), before the tests run. */
    private static final Path DESCRIPTOR = Path.of("target/classes/META-INF/maven/plugin.xml");
    /** A parameter's property as the descriptor writes it: {@code ${perf.forks}}. */
    private static final Pattern PROPERTY_EXPRESSION = Pattern.compile("\\$\\{(perf\\.[^}]+)}");
    /** The goals column's word for every goal that has a perf.* parameter. */
    private static final String ALL_GOALS = "all";

    @Test
    void everyRowNamesTheGoalsThatReadItsProperty() throws Exception {
        Map<String, Set<String>> goalsByProperty = goalsByProperty();
        Set<String> goalsWithProperties = goalsByProperty.values().stream().flatMap(Set::stream)
                .collect(Collectors.toCollection(TreeSet::new));
        List<String> wrong = new ArrayList<>();
        int rows = 0;
        for (String line : Files.readAllLines(PAGE, StandardCharsets.UTF_8)) {
            Matcher row = Pattern.compile("^\\| `(perf\\.[A-Za-z0-9.]+)` \\|").matcher(line);
            if (!row.find()) {
                continue;
            }
            rows++;
            String property = row.group(1);
            List<String> cells = cells(line);
            String column = cells.size() > 2 ? cells.get(2) : "";
            Set<String> documented = column.equals(ALL_GOALS) ? goalsWithProperties
                    : Arrays.stream(column.split(",")).map(String::trim).filter(g -> !g.isEmpty())
                            .collect(Collectors.toCollection(TreeSet::new));
            Set<String> actual = goalsByProperty.getOrDefault(property, Set.of());
            if (!documented.equals(actual)) {
                wrong.add(property + ": the page says '" + column + "', the descriptor " + actual);
            }
        }
        assertTrue(rows > 40, "the property rows of configuration.md were not found");
        assertEquals(List.of(), wrong, "goals columns of configuration.md that differ from plugin.xml");
    }

    @Test
    void everyRowHasTheCellsOfItsHeader() throws Exception {
        List<String> lines = Files.readAllLines(PAGE, StandardCharsets.UTF_8);
        List<String> wrong = new ArrayList<>();
        int header = -1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.startsWith("|")) {
                header = -1;
            } else if (header < 0) {
                header = cells(line).size();
            } else if (cells(line).size() != header) {
                wrong.add("line " + (i + 1) + ": " + cells(line).size() + " cells under a header of " + header);
            }
        }
        assertEquals(List.of(), wrong, "rows of configuration.md whose cell count differs from their table's header");
    }

    /** The cells of a table row, trimmed, without the outer pipes; a pipe inside backticks does not split. */
    private static List<String> cells(String row) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean code = false;
        for (int i = 1; i < row.length(); i++) {
            char c = row.charAt(i);
            if (c == '`') {
                code = !code;
            }
            if (c == '|' && !code && row.charAt(i - 1) != '\\') {
                cells.add(cell.toString().trim());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        return cells;
    }

    /** Per perf.* property, the goals with a parameter of that property, from the generated descriptor. */
    private static Map<String, Set<String>> goalsByProperty() throws Exception {
        assertTrue(Files.isRegularFile(DESCRIPTOR), DESCRIPTOR + " is missing: run the build through process-classes");
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(DESCRIPTOR.toFile());
        Map<String, Set<String>> goals = new TreeMap<>();
        NodeList mojos = doc.getElementsByTagName("mojo");
        for (int i = 0; i < mojos.getLength(); i++) {
            Element mojo = (Element) mojos.item(i);
            String goal = mojo.getElementsByTagName("goal").item(0).getTextContent().trim();
            NodeList configuration = mojo.getElementsByTagName("configuration");
            if (configuration.getLength() == 0) {
                continue;
            }
            NodeList parameters = configuration.item(0).getChildNodes();
            for (int j = 0; j < parameters.getLength(); j++) {
                Node parameter = parameters.item(j);
                Matcher m = PROPERTY_EXPRESSION.matcher(parameter.getTextContent());
                while (parameter.getNodeType() == Node.ELEMENT_NODE && m.find()) {
                    goals.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(goal);
                }
            }
        }
        return goals;
    }

    @Test
    void everyPropertyIsDocumentedAndNothingElse() throws Exception {
        String page = Files.readString(PAGE, StandardCharsets.UTF_8);
        List<String> properties = new ArrayList<>(PerfProperties.names());
        List<String> undocumented = new ArrayList<>();
        for (String p : properties) {
            if (!page.contains("| `" + p + "` |")) {
                undocumented.add(p);
            }
        }
        assertEquals(List.of(), undocumented, "properties without a row in configuration.md");

        List<String> unknown = new ArrayList<>();
        Matcher rows = Pattern.compile("^\\| `(perf\\.[A-Za-z0-9.]+)` \\|", Pattern.MULTILINE).matcher(page);
        while (rows.find()) {
            if (!properties.contains(rows.group(1))) {
                unknown.add(rows.group(1));
            }
        }
        assertEquals(List.of(), unknown, "rows in configuration.md for properties PerfProperties does not have");
    }
}
