package io.perfgate.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * What the writers of {@code results.json} and {@code report.json} share: the layout of the text, strings that may
 * be null, and the two ways a number that is not finite is written.
 */
public final class JsonWriting {
    /** JMH's spelling of non-finite numbers, which results files keep so that they read like JMH's own JSON. */
    public static final String NAN = "NaN";
    public static final String PLUS_INF = "+INF";
    public static final String MINUS_INF = "-INF";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonWriting() {
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    public static ArrayNode array() {
        return MAPPER.createArrayNode();
    }

    /**
     * {@code root} as text: two-space indented objects, one field a line, and a final newline. Arrays are either
     * on one line ({@code arraysOnOneLine}, for the long number arrays of results files) or one element a line.
     */
    public static String pretty(JsonNode root, boolean arraysOnOneLine) {
        DefaultIndenter lines = new DefaultIndenter("  ", "\n");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(lines)
                .withArrayIndenter(arraysOnOneLine ? DefaultPrettyPrinter.FixedSpaceIndenter.instance : lines);
        try {
            return MAPPER.writer(printer).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            // A tree of our own nodes always serialises; failing here is a bug, not bad input.
            throw new IllegalStateException("cannot serialise JSON", e);
        }
    }

    /** {@code value} as a JSON string, or JSON {@code null}. */
    public static void putText(ObjectNode n, String key, String value) {
        if (value == null) {
            n.putNull(key);
        } else {
            n.put(key, value);
        }
    }

    /** An object of the map's entries in its order; null values stay JSON {@code null}. */
    public static ObjectNode strings(Map<String, String> map) {
        ObjectNode n = object();
        map.forEach((k, v) -> putText(n, k, v));
        return n;
    }

    /** A finite number, or JSON {@code null} for an unknown one (report.json's convention). */
    public static void putNumberOrNull(ObjectNode n, String key, double value) {
        if (Double.isFinite(value)) {
            n.put(key, value);
        } else {
            n.putNull(key);
        }
    }

    /** A finite number, or the string JMH writes for a non-finite one (results files' convention). */
    public static void putNumberOrString(ObjectNode n, String key, double value) {
        if (Double.isFinite(value)) {
            n.put(key, value);
        } else {
            n.put(key, nonFinite(value));
        }
    }

    /** An array of numbers, non-finite ones written as JMH writes them. */
    public static ArrayNode numbersOrStrings(double[] values) {
        ArrayNode a = array();
        for (double v : values) {
            if (Double.isFinite(v)) {
                a.add(v);
            } else {
                a.add(nonFinite(v));
            }
        }
        return a;
    }

    private static String nonFinite(double v) {
        return Double.isNaN(v) ? NAN : v > 0 ? PLUS_INF : MINUS_INF;
    }
}
