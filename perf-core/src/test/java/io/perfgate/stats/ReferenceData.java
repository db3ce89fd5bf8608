package io.perfgate.stats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Reads src/test/resources/stats/reference.json, written by make_reference.py with SciPy (see its README). */
final class ReferenceData {
    private static JsonNode root;

    private ReferenceData() {
    }

    static synchronized JsonNode root() {
        if (root == null) {
            try (InputStream in = ReferenceData.class.getResourceAsStream("/stats/reference.json")) {
                if (in == null) {
                    throw new IllegalStateException("stats/reference.json is missing from the test classpath");
                }
                root = new ObjectMapper().readTree(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return root;
    }

    static double[] doubles(JsonNode array) {
        double[] values = new double[array.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = number(array.get(i));
        }
        return values;
    }

    /** A number, or one of the strings "Infinity" / "-Infinity" the generator writes for unbounded ends. */
    static double number(JsonNode node) {
        if (node.isTextual()) {
            return Double.parseDouble(node.asText());
        }
        return node.asDouble();
    }
}
