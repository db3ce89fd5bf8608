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
 * The gate's settings reach three goals: perf:check declares them in AbstractGateMojo, perf:compare and
 * perf:calibrate in AbstractInterleavedMojo (a goal class has one superclass). This test reads the generated
 * plugin descriptor and holds those declarations equal, so the second copy cannot drift.
 */
class GatePropertyNamesTest {
    private static final Path DESCRIPTOR = Paths.get("target", "classes", "META-INF", "maven", "plugin.xml");

    /** The gate properties only a stored baseline gives meaning to; perf:compare measures its own base. */
    private static final List<String> CHECK_ONLY = List.of(PerfProperties.ENVIRONMENT_POLICY,
            PerfProperties.FAIL_ON_MISSING_BASELINE, PerfProperties.FAIL_ON_NEW, PerfProperties.FAIL_ON_MISSING);

    @Test
    void perfCheckTakesEveryGateProperty() throws Exception {
        Map<String, String[]> check = parameters("check");
        for (String property : GateSettings.propertyNames()) {
            assertTrue(check.containsKey(property), "perf:check has no parameter for " + property);
        }
    }

    @Test
    void compareAndCalibrateTakeTheGatePropertiesWithPerfChecksDefaults() throws Exception {
        Map<String, String[]> check = parameters("check");
        List<String> drift = new ArrayList<>();
        for (String goal : new String[] {"compare", "calibrate"}) {
            Map<String, String[]> other = parameters(goal);
            for (String property : GateSettings.propertyNames()) {
                if (CHECK_ONLY.contains(property)) {
                    continue;
                }
                String[] mine = other.get(property);
                String[] checks = check.get(property);
                if (mine == null) {
                    drift.add("perf:" + goal + " has no parameter for " + property);
                } else if (!mine[0].equals(checks[0]) || !mine[1].equals(checks[1])) {
                    drift.add("perf:" + goal + " declares " + property + " as " + mine[0] + " (default '" + mine[1]
                            + "'), perf:check as " + checks[0] + " (default '" + checks[1] + "')");
                }
            }
            for (String shared : new String[] {PerfProperties.REPORT_FORMATS}) {
                if (!other.containsKey(shared) || !other.get(shared)[1].equals(check.get(shared)[1])) {
                    drift.add("perf:" + goal + " and perf:check disagree on " + shared);
                }
            }
        }
        assertEquals(List.of(), drift);
    }

    /** A goal's parameters by user property: {parameter name, default value}. */
    private static Map<String, String[]> parameters(String goal) throws Exception {
        assertTrue(DESCRIPTOR.toFile().isFile(), "no plugin descriptor at " + DESCRIPTOR + "; run process-classes");
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(DESCRIPTOR.toFile());
        NodeList mojos = doc.getElementsByTagName("mojo");
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
