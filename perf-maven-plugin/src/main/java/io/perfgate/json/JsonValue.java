package io.perfgate.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A value in a JSON document together with the file it came from and its JSON path, so that whatever a reader finds
 * wrong with it is reported as {@code <file>: field '<path>': <problem>}. A missing field is a value too (an
 * absent one): {@code get("a").get("b")} never fails, and only the accessor that needs a value says what is
 * missing, at the full path. Reading is strict: an accessor accepts its one JSON type and nothing that merely
 * converts to it.
 */
public final class JsonValue {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Longest JSON text quoted in a "found ..." part: enough to recognise the value, short enough for a log line. */
    private static final int QUOTED = 40;

    private final JsonNode node;
    private final String source;
    private final String path;
    private final boolean javaInfinity;

    private JsonValue(JsonNode node, String source, String path, boolean javaInfinity) {
        this.node = node;
        this.source = source;
        this.path = path;
        this.javaInfinity = javaInfinity;
    }

    // ------------------------------------------------------------------ opening

    /** Reads and parses {@code file}; every error names it as {@link Path#toString()} does. */
    public static JsonValue read(Path file) throws JsonFormatException {
        String source = String.valueOf(file);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new JsonFormatException(source, "", "file does not exist", JsonFormatException.Kind.NO_FILE, e);
        } catch (IOException e) {
            throw new JsonFormatException(source, "", "cannot be read: " + e.getMessage(),
                    JsonFormatException.Kind.CONTENT, e);
        }
        return parse(source, new String(bytes, StandardCharsets.UTF_8));
    }

    /** Parses {@code text}; {@code source} names it in every error. */
    public static JsonValue parse(String source, String text) throws JsonFormatException {
        if (text.trim().isEmpty()) {
            throw new JsonFormatException(source, "", "file is empty", JsonFormatException.Kind.EMPTY, null);
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            // A file cut short by a killed JVM or a full disk is the usual cause; say so, and where it broke.
            throw new JsonFormatException(source, "", "is not valid JSON" + where + " (truncated or hand-edited?): "
                    + withoutSourceNoise(e.getOriginalMessage()), JsonFormatException.Kind.CONTENT, e);
        }
        return new JsonValue(root, source, "", false);
    }

    /** Jackson names the source as "[Source: REDACTED (...); line: 71, ...]"; keep only the line and column. */
    static String withoutSourceNoise(String message) {
        return message == null ? "" : message.replaceAll("\\[Source: [^;\\]]*; ", "[");
    }

    /**
     * This document, reading non-finite numbers also in Java's spelling ({@code "Infinity"}, {@code "-Infinity"},
     * as Jackson writes them by default) besides JMH's. Only results files have always accepted both.
     */
    public JsonValue acceptingJavaInfinity() {
        return new JsonValue(node, source, path, true);
    }

    // ------------------------------------------------------------------ where and what

    /** The JSON path of this value, e.g. {@code benchmarks[3].forks[0]}; empty for the document itself. */
    public String path() {
        return path;
    }

    /** The field {@code name} of this object; absent when this is no object or has no such field. */
    public JsonValue get(String name) {
        JsonNode child = node == null ? null : node.get(name);
        return new JsonValue(child, source, path.isEmpty() ? name : path + "." + name, javaInfinity);
    }

    /** Element {@code index} of this array; absent when this is no array or is shorter. */
    public JsonValue at(int index) {
        JsonNode child = node == null ? null : node.get(index);
        return new JsonValue(child, source, path + "[" + index + "]", javaInfinity);
    }

    /** Whether this object has the field {@code name}, even when its value is {@code null}. */
    public boolean has(String name) {
        return node != null && node.has(name);
    }

    /** Neither absent nor JSON {@code null}. */
    public boolean isPresent() {
        return node != null && !node.isNull();
    }

    public boolean isObject() {
        return node != null && node.isObject();
    }

    public boolean isArray() {
        return node != null && node.isArray();
    }

    /** An error about this value: {@code problem} is reported at its path. */
    public JsonFormatException invalid(String problem) {
        return new JsonFormatException(source, path, problem, JsonFormatException.Kind.CONTENT, null);
    }

    /** An error saying what this value should have been and what it is, e.g. "expected an object, found array [1]". */
    public JsonFormatException expected(String what) {
        return invalid("expected " + what + ", found " + describe());
    }

    /** The value's type and (shortened) JSON text, e.g. {@code string "abc"}; {@code nothing} when absent. */
    private String describe() {
        if (node == null) {
            return "nothing";
        }
        if (node.isNull()) {
            return "null";
        }
        String text = node.toString();
        return node.getNodeType().name().toLowerCase(Locale.ROOT) + " "
                + (text.length() > QUOTED ? text.substring(0, QUOTED) + "..." : text);
    }

    private JsonFormatException missing() {
        return invalid("is missing");
    }

    // ------------------------------------------------------------------ containers

    /** This value, which must be an object. */
    public JsonValue object() throws JsonFormatException {
        if (!isPresent()) {
            throw missing();
        }
        if (!node.isObject()) {
            throw expected("an object");
        }
        return this;
    }

    /** This value, which must be an array. */
    public JsonValue array() throws JsonFormatException {
        if (!isPresent()) {
            throw missing();
        }
        if (!node.isArray()) {
            throw expected("an array");
        }
        return this;
    }

    /** The elements of this array, in order. */
    public List<JsonValue> elements() throws JsonFormatException {
        array();
        List<JsonValue> elements = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            elements.add(at(i));
        }
        return elements;
    }

    /** The fields of this object, in the file's order. */
    public Map<String, JsonValue> members() throws JsonFormatException {
        object();
        Map<String, JsonValue> members = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            members.put(e.getKey(), get(e.getKey()));
        }
        return members;
    }

    // ------------------------------------------------------------------ scalars

    /** A string; absent or {@code null} is missing. */
    public String text() throws JsonFormatException {
        if (!isPresent()) {
            throw missing();
        }
        if (!node.isTextual()) {
            throw expected("a string");
        }
        return node.textValue();
    }

    /** A string, or {@code null} when absent or {@code null}. */
    public String optionalText() throws JsonFormatException {
        return isPresent() ? text() : null;
    }

    /**
     * Any value as Jackson prints it ({@code "null"} for null, {@code ""} for a container), for the few fields that
     * have always been read this leniently.
     */
    public String asText() {
        return node == null ? "" : node.asText();
    }

    /** A whole number that fits an {@code int}. */
    public int integer() throws JsonFormatException {
        if (!isPresent()) {
            throw missing();
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw expected("an integer");
        }
        return node.intValue();
    }

    /** {@code true} or {@code false}. */
    public boolean bool() throws JsonFormatException {
        if (!isPresent()) {
            throw missing();
        }
        if (!node.isBoolean()) {
            throw expected("true or false");
        }
        return node.booleanValue();
    }

    /** {@code true} or {@code false}, or {@code defaultValue} when absent or {@code null}. */
    public boolean optionalBool(boolean defaultValue) throws JsonFormatException {
        return isPresent() ? bool() : defaultValue;
    }

    /**
     * A number, or a non-finite one as JMH writes it: {@link JsonWriting#NAN}, {@link JsonWriting#PLUS_INF},
     * {@link JsonWriting#MINUS_INF} (and Java's spelling where the document {@linkplain #acceptingJavaInfinity()
     * accepts it}).
     */
    public double number() throws JsonFormatException {
        if (node != null && node.isNumber()) {
            return node.doubleValue();
        }
        if (node != null && node.isTextual()) {
            String text = node.textValue();
            if (JsonWriting.NAN.equals(text)) {
                return Double.NaN;
            }
            if (JsonWriting.PLUS_INF.equals(text) || javaInfinity && "Infinity".equals(text)) {
                return Double.POSITIVE_INFINITY;
            }
            if (JsonWriting.MINUS_INF.equals(text) || javaInfinity && "-Infinity".equals(text)) {
                return Double.NEGATIVE_INFINITY;
            }
        }
        throw expected("a number");
    }

    /** A number, or NaN when absent or {@code null} (the unknown numbers of report.json); no strings. */
    public double numberOrNaN() throws JsonFormatException {
        if (!isPresent()) {
            return Double.NaN;
        }
        if (!node.isNumber()) {
            throw expected("a number or null");
        }
        return node.doubleValue();
    }

    /** An array of {@linkplain #number() numbers}. */
    public double[] numbers() throws JsonFormatException {
        if (!isPresent()) {
            throw missing();
        }
        if (!node.isArray()) {
            throw expected("an array of numbers");
        }
        double[] values = new double[node.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = at(i).number();
        }
        return values;
    }

    /** An array of strings. */
    public List<String> texts() throws JsonFormatException {
        List<String> texts = new ArrayList<>();
        for (JsonValue e : elements()) {
            if (e.node == null || !e.node.isTextual()) {
                throw e.expected("a string");
            }
            texts.add(e.node.textValue());
        }
        return texts;
    }

    /**
     * An object of names to strings, in the file's order. Numbers and booleans are taken as their text, since
     * these maps hold settings and environment values that people may write either way; {@code null} stays null.
     */
    public Map<String, String> stringMap() throws JsonFormatException {
        if (!isPresent()) {
            throw missing();
        }
        return optionalStringMap();
    }

    /** As {@link #stringMap()}, but empty when absent or {@code null}. */
    public Map<String, String> optionalStringMap() throws JsonFormatException {
        if (!isPresent()) {
            return new LinkedHashMap<>();
        }
        Map<String, String> map = new LinkedHashMap<>();
        for (Map.Entry<String, JsonValue> e : members().entrySet()) {
            JsonNode v = e.getValue().node;
            if (v.isNull()) {
                map.put(e.getKey(), null);
            } else if (v.isValueNode()) {
                map.put(e.getKey(), v.asText());
            } else {
                throw e.getValue().expected("a string");
            }
        }
        return map;
    }

    /** The number of elements of an array (or fields of an object); 0 for anything else. */
    public int size() {
        return node == null ? 0 : node.size();
    }
}
