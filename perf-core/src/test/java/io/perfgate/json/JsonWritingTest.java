package io.perfgate.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The text of results.json and report.json as a reader (or a diff in review) sees it, and the two conventions for a
 * number that is not finite: results files write it as JMH does, reports as null.
 */
class JsonWritingTest {
    @Test
    void oneFieldALineAndNumberArraysOnOneLineOrOneElementALine() {
        ObjectNode root = JsonWriting.object();
        root.put("benchmark", "a.B.m");
        root.set("values", JsonWriting.numbersOrStrings(new double[] {1.5, 2.0}));

        assertEquals("{\n  \"benchmark\" : \"a.B.m\",\n  \"values\" : [ 1.5, 2.0 ]\n}\n",
                JsonWriting.pretty(root, true));
        assertEquals("{\n  \"benchmark\" : \"a.B.m\",\n  \"values\" : [\n    1.5,\n    2.0\n  ]\n}\n",
                JsonWriting.pretty(root, false));
    }

    @Test
    void resultsWriteNonFiniteNumbersAsJmhDoesAndReportsAsNull() {
        ObjectNode results = JsonWriting.object();
        JsonWriting.putNumberOrString(results, "nan", Double.NaN);
        JsonWriting.putNumberOrString(results, "up", Double.POSITIVE_INFINITY);
        JsonWriting.putNumberOrString(results, "finite", 0.25);
        results.set("array", JsonWriting.numbersOrStrings(new double[] {Double.NEGATIVE_INFINITY, 3}));
        assertEquals("{\"nan\":\"NaN\",\"up\":\"+INF\",\"finite\":0.25,\"array\":[\"-INF\",3.0]}", results.toString());

        ObjectNode report = JsonWriting.object();
        JsonWriting.putNumberOrNull(report, "nan", Double.NaN);
        JsonWriting.putNumberOrNull(report, "down", Double.NEGATIVE_INFINITY);
        JsonWriting.putNumberOrNull(report, "finite", -1.5);
        assertEquals("{\"nan\":null,\"down\":null,\"finite\":-1.5}", report.toString());
    }

    @Test
    void stringsKeepTheirOrderAndAMissingValueIsNull() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("os.name", "Linux");
        env.put("cpu.model", null);
        env.put("java.version", "21");
        assertEquals("{\"os.name\":\"Linux\",\"cpu.model\":null,\"java.version\":\"21\"}",
                JsonWriting.strings(env).toString());
    }
}
