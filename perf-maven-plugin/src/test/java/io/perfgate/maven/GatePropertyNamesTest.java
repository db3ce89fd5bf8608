package io.perfgate.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.gate.GateSettings;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The gate's settings are declared once (AbstractGateMojo) and reach perf:check, perf:compare and perf:calibrate;
 * perf:check runs perf:compare's comparison when {@code perf.against} is set, so it must take every property
 * perf:compare takes, with the same default. This test reads the generated plugin descriptor, which is what users
 * get, and holds both to that.
 */
class GatePropertyNamesTest {
    private static final Path DESCRIPTOR = Paths.get("target", "classes", "META-INF", "maven", "plugin.xml");

    @Test
    void checkCompareAndCalibrateTakeEveryGateProperty() throws Exception {
        List<String> missing = new ArrayList<>();
        for (String goal : new String[] {"check", "compare", "calibrate"}) {
            Map<String, String[]> declared = parameters(goal);
            for (String property : GateSettings.propertyNames()) {
                if (!declared.containsKey(property)) {
                    missing.add("perf:" + goal + " has no parameter for " + property);
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void perfCheckTakesEveryPropertyOfPerfCompareWithItsDefault() throws Exception {
        Map<String, String[]> check = parameters("check");
        List<String> drift = new ArrayList<>();
        parameters("compare").forEach((property, compare) -> {
            String[] mine = check.get(property);
            if (mine == null) {
                drift.add("perf:check has no parameter for " + property + ", which perf:compare takes");
            } else if (!mine[1].equals(compare[1])) {
                drift.add(property + ": perf:check's default is '" + mine[1] + "', perf:compare's '" + compare[1]
                        + "'");
            }
        });
        assertEquals(List.of(), drift);
    }

    /** The plugin's goals, as the generated descriptor lists them. */
    static List<String> goals() throws Exception {
        List<String> goals = new ArrayList<>();
        NodeList mojos = descriptor().getElementsByTagName("mojo");
        for (int i = 0; i < mojos.getLength(); i++) {
            goals.add(text((Element) mojos.item(i), "goal"));
        }
        return goals;
    }

    private static Document descriptor() throws Exception {
        assertTrue(DESCRIPTOR.toFile().isFile(), "no plugin descriptor at " + DESCRIPTOR + "; run process-classes");
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(DESCRIPTOR.toFile());
    }

    /** A goal's parameters by user property: {parameter name, default value}. */
    static Map<String, String[]> parameters(String goal) throws Exception {
        NodeList mojos = descriptor().getElementsByTagName("mojo");
        for (int i = 0; i < mojos.getLength(); i++) {
            Element mojo = (Element) mojos.item(i);
            if (!goal.equals(text(mojo, "goal"))) {
                continue;
            }
            Map<String, String[]> byProperty = new LinkedHashMap<>();
            Element configuration = (Element) mojo.getElementsByTagName("configuration").item(0);
            NodeList entries = configuration.getChildNodes();
            for (int j = 0; j < entries.getLength(); j++) {
                Node n = entries.item(j);
                if (n instanceof Element) {
                    Element e = (Element) n;
                    String expression = e.getTextContent().trim();
                    if (expression.startsWith("${" + PerfProperties.PREFIX)) {
                        String property = expression.substring(2, expression.length() - 1);
                        byProperty.put(property, new String[] {e.getTagName(), e.getAttribute("default-value")});
                    }
                }
            }
            return byProperty;
        }
        throw new AssertionError("no goal " + goal + " in " + DESCRIPTOR);
    }

    private static String text(Element parent, String child) {
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i) instanceof Element && ((Element) nodes.item(i)).getTagName().equals(child)) {
                return nodes.item(i).getTextContent().trim();
            }
        }
        return null;
    }
}
