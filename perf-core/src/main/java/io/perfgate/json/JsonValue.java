package io.perfgate.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A value in a JSON document together with the file it came from and its JSON path, so that whatever a reader finds
 * wrong with it is reported as {@code <file>: field '<path>': <problem>}. A missing field is a value too (an
 * absent one): {@code get("a").get("b")} never fails, and only the accessor that needs a value says what is
 * missing, at the full path. Reading is strict: an accessor accepts its one JSON type and nothing that merely
 * converts to it.
 */
public final class JsonValue {
    /** A field given twice is an error, not "the last one wins": which copy a hand edit meant is unknowable. */
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    /**
     * Larger files are refused before they are read: the biggest real results files are a few MB (a thousand
     * benchmarks of ten forks), so a file this size is the wrong file, not a measurement.
     */
    public static final long MAX_FILE_BYTES = 256L * 1024 * 1024;

    /** Longest JSON text quoted in a "found ..." part: enough to recognise the value, short enough for a log line. */
    private static final int QUOTED = 40;

    /**
     * Longest name read from a file: a benchmark, a parameter and its value, a metric, a unit. The longest real ones
     * (a package, a class and a method) are a few hundred characters, so a longer one is damage; and since names are
     * printed whole in the build log and the reports, one of megabytes would fill them.
     */
    public static final int MAX_NAME_CHARS = 1000;

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
        return read(file, MAX_FILE_BYTES);
    }

    static JsonValue read(Path file, long maxBytes) throws JsonFormatException {
        String source = String.valueOf(file);
        byte[] bytes;
        try {
            long size = Files.size(file);
            if (size > maxBytes) {
                throw new JsonFormatException(source, "", "is " + size + " bytes, more than any results or report"
                        + " file holds (at most " + maxBytes + "): is it the right file?",
                        JsonFormatException.Kind.CONTENT, null);
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new JsonFormatException(source, "", "file does not exist", JsonFormatException.Kind.NO_FILE, e);
        } catch (IOException e) {
            throw new JsonFormatException(source, "", "cannot be read: " + e.getMessage(),
                    JsonFormatException.Kind.CONTENT, e);
        }
        return parse(source, text(source, bytes));
    }

    /**
     * The bytes as UTF-8 text. Anything else is refused rather than read with replacement characters: a name
     * changed by a wrong encoding would quietly become another benchmark.
     */
    static String text(String source, byte[] bytes) throws JsonFormatException {
        if (bytes.length >= 2 && ((bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF)
                || (bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE))) {
            throw new JsonFormatException(source, "", "is UTF-16 (it starts with a UTF-16 byte-order mark); the"
                    + " plugin reads UTF-8: save it as UTF-8 without a byte-order mark", JsonFormatException.Kind.CONTENT,
                    null);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            int at = firstInvalidUtf8(bytes);
            throw new JsonFormatException(source, "", "is not UTF-8: the byte 0x"
                    + String.format(Locale.ROOT, "%02X", bytes[at] & 0xFF) + " at offset " + at + " is not valid"
                    + " UTF-8 (was it saved in another encoding, such as Latin-1?); save it as UTF-8",
                    JsonFormatException.Kind.CONTENT, e);
        }
    }

    /** The offset of the first byte that does not start or continue a valid UTF-8 sequence. */
    private static int firstInvalidUtf8(byte[] bytes) {
        int i = 0;
        while (i < bytes.length) {
            int b = bytes[i] & 0xFF;
            int length = b < 0x80 ? 1 : b >= 0xC2 && b < 0xE0 ? 2 : b >= 0xE0 && b < 0xF0 ? 3 : b >= 0xF0 && b < 0xF5
                    ? 4 : 0;
            if (length == 0 || i + length > bytes.length) {
                return i;
            }
            for (int k = 1; k < length; k++) {
                if ((bytes[i + k] & 0xC0) != 0x80) {
                    return i;
                }
            }
            String one = new String(bytes, i, length, StandardCharsets.UTF_8);
            if (one.indexOf('\uFFFD') >= 0) {
                return i; // overlong or surrogate forms the decoder refused
            }
            i += length;
        }
        return Math.max(0, bytes.length - 1);
    }

    /** Parses {@code text}; {@code source} names it in every error. */
    public static JsonValue parse(String source, String text) throws JsonFormatException {
        if (text.trim().isEmpty()) {
            throw new JsonFormatException(source, "", "file is empty", JsonFormatException.Kind.EMPTY, null);
        }
        if (text.charAt(0) == '\uFEFF') {
            // RFC 8259 forbids it in JSON text; an editor added it, and the file is otherwise likely fine
            throw new JsonFormatException(source, "", "starts with a byte-order mark (U+FEFF), which a JSON file must"
                    + " not have; an editor added it: save the file as UTF-8 without a byte-order mark",
                    JsonFormatException.Kind.CONTENT, null);
        }
        JsonNode root;
        try (JsonParser parser = MAPPER.createParser(text)) {
            root = MAPPER.readTree(parser);
            // Jackson stops at the end of the first value; what follows it (a second file run into this one, the
            // rest of a hand edit) would otherwise be ignored without a word
            int more = firstAfter(text, parser.currentLocation().getCharOffset());
            if (more < text.length()) {
                throw new JsonFormatException(source, "", "is not valid JSON at " + lineAndColumn(text, more)
                        + ": more text follows the end of the JSON value (two files run together, or hand-edited?)",
                        JsonFormatException.Kind.CONTENT, null);
            }
        } catch (StreamConstraintsException e) {
            // no file the plugin reads nests more than six levels, or has a number of a thousand digits
            String problem = e.getOriginalMessage() != null && e.getOriginalMessage().contains("nesting depth")
                    ? "nests more than " + StreamReadConstraints.defaults().getMaxNestingDepth() + " levels deep"
                    : "goes beyond what the JSON reader accepts: " + withoutJacksonAdvice(e.getOriginalMessage());
            throw new JsonFormatException(source, "", "is not a results or report file: it " + problem
                    + "; is it the right file?", JsonFormatException.Kind.CONTENT, e);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            // A file cut short by a killed JVM or a full disk is the usual cause; say so, and where it broke.
            throw new JsonFormatException(source, "", "is not valid JSON" + where + " (truncated or hand-edited?): "
                    + withoutSourceNoise(withoutJacksonAdvice(e.getOriginalMessage())), JsonFormatException.Kind.CONTENT,
                    e);
        } catch (IOException e) {
            // a String has no I/O to fail; only the parser's own exceptions, caught above, are expected
            throw new JsonFormatException(source, "", "cannot be read: " + e.getMessage(),
                    JsonFormatException.Kind.CONTENT, e);
        }
        return new JsonValue(root, source, "", false);
    }

    /** The offset of the first character from {@code offset} on that is not JSON white space. */
    private static int firstAfter(String text, long offset) {
        int i = (int) Math.min(Math.max(offset, 0), text.length());
        while (i < text.length() && " \t\r\n".indexOf(text.charAt(i)) >= 0) {
            i++;
        }
        return i;
    }

    /** "line L, column C" of {@code offset}, both from 1, counting line ends as Jackson does (CR LF as one). */
    private static String lineAndColumn(String text, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n')) {
                line++;
                lineStart = i + 1;
            }
        }
        return "line " + line + ", column " + (offset - lineStart + 1);
    }

    /**
     * Jackson ends some messages with advice for programmers ("enable `JsonReadFeature.X` to allow"), which a user
     * cannot follow and must not: the plugin reads standard JSON only. A bare NaN or Infinity gets a word of its own.
     */
    static String withoutJacksonAdvice(String message) {
        if (message == null) {
            return "";
        }
        String plain = message.replaceAll("[:;,]? *\\(?(enable|use) `[^`]*`[^)]*\\)?( to allow)?$", "")
                .replaceAll(" *\\(from `[^`]*`\\)", "");
        Matcher token = Pattern.compile("^Non-standard token '([^']*)'$").matcher(plain);
        return token.matches() ? token.group(1) + " is not a number in JSON (and no measured value is "
                + token.group(1) + ")" : plain;
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

    /**
     * A copy of this value as a Jackson tree, for a writer that keeps a document whole ({@code perf:run} keeps JMH's
     * own JSON as JMH wrote it); null when the value is absent.
     */
    public JsonNode tree() {
        return node == null ? null : node.deepCopy();
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

    /**
     * The fields of this object whose names are names of things (metrics, percentiles, benchmarks), each of at most
     * {@link #MAX_NAME_CHARS} characters; in the file's order.
     */
    public Map<String, JsonValue> namedMembers() throws JsonFormatException {
        Map<String, JsonValue> members = members();
        for (String name : members.keySet()) {
            if (name.length() > MAX_NAME_CHARS) {
                throw invalid(tooLong("has a field name", name));
            }
        }
        return members;
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

    /**
     * A measured value: a finite number above 0, or at least 0 when {@code zeroAllowed} (a count, or bytes that may
     * be none). Times, rates and sizes can be nothing else, so NaN, an infinity (a literal too large for a double
     * included) and negative values are refused with the value as the file has it.
     */
    public double measured(boolean zeroAllowed) throws JsonFormatException {
        double v = number();
        if (!Double.isFinite(v) || (zeroAllowed ? v < 0 : v <= 0)) {
            throw invalid(shown() + " is not a measured value: expected a finite number "
                    + (zeroAllowed ? "of at least 0" : "above 0"));
        }
        return v;
    }

    /** A finite number of any sign (a metric the plugin knows nothing about, such as a scenario's own). */
    public double finite() throws JsonFormatException {
        double v = number();
        if (!Double.isFinite(v)) {
            throw invalid(shown() + " is not a measured value: expected a finite number");
        }
        return v;
    }

    /** An array of {@linkplain #measured(boolean) measured values}; {@code nonEmpty} refuses {@code []}. */
    public double[] measurements(boolean zeroAllowed, boolean nonEmpty) throws JsonFormatException {
        double[] values = numbersArray();
        if (nonEmpty && values.length == 0) {
            throw invalid("is empty: expected at least one measured value");
        }
        for (int i = 0; i < values.length; i++) {
            values[i] = at(i).measured(zeroAllowed);
        }
        return values;
    }

    /** An array of {@linkplain #finite() finite numbers}. */
    public double[] finiteNumbers() throws JsonFormatException {
        double[] values = numbersArray();
        for (int i = 0; i < values.length; i++) {
            values[i] = at(i).finite();
        }
        return values;
    }

    private double[] numbersArray() throws JsonFormatException {
        if (!isPresent()) {
            throw missing();
        }
        if (!node.isArray()) {
            throw expected("an array of numbers");
        }
        return new double[node.size()];
    }

    /** An integer of at least {@code min}. */
    public int integer(int min) throws JsonFormatException {
        int v = integer();
        if (v < min) {
            throw invalid(v + " is out of range: expected an integer of at least " + min);
        }
        return v;
    }

    /**
     * A string with something in it besides blanks, no blanks around it, and at most {@link #MAX_NAME_CHARS}
     * characters.
     */
    public String name() throws JsonFormatException {
        String v = boundedText();
        if (v.trim().isEmpty()) {
            throw invalid("is empty: expected a name");
        }
        if (!v.trim().equals(v)) {
            throw invalid(shown() + " has blanks around it: expected a name as written, without them");
        }
        return v;
    }

    /** A string of at most {@link #MAX_NAME_CHARS} characters, such as a name shown with its parameters. */
    public String boundedText() throws JsonFormatException {
        String v = text();
        if (v.length() > MAX_NAME_CHARS) {
            throw invalid(tooLong("is", v));
        }
        return v;
    }

    /** "is 5000000 characters long, ...": the start of {@code name}, quoted, and the bound it broke. */
    private static String tooLong(String what, String name) {
        return what + " " + name.length() + " characters long, more than a name read from a file may be (at most "
                + MAX_NAME_CHARS + "): " + quoted(name);
    }

    /** {@code text} as a JSON string, shortened, for messages. */
    private static String quoted(String text) {
        String json = TextNode.valueOf(text).toString();
        return json.length() > QUOTED ? json.substring(0, QUOTED) + "..." : json;
    }

    /** One of {@code allowed} (as listed in the message). */
    public String oneOf(Set<String> allowed) throws JsonFormatException {
        String v = text();
        if (!allowed.contains(v)) {
            throw invalid(shown() + " is not one of " + String.join(", ", allowed));
        }
        return v;
    }

    /** An ISO-8601 instant such as {@code 2025-01-01T12:00:00Z} (an offset instead of {@code Z} too). */
    public String instant() throws JsonFormatException {
        String v = text();
        try {
            Instant.parse(v);
        } catch (DateTimeParseException e) {
            try {
                OffsetDateTime.parse(v);
            } catch (DateTimeParseException e2) {
                throw invalid(shown() + " is not an ISO-8601 instant such as 2025-01-01T12:00:00Z");
            }
        }
        return v;
    }

    /**
     * A significance level kept as text, as the string maps of a results file (provenance) keep numbers: above 0
     * and below 1.
     */
    public double levelText() throws JsonFormatException {
        String text = text();
        double level;
        try {
            level = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            level = Double.NaN;
        }
        if (!(level > 0 && level < 1)) {
            throw invalid(shown() + " is not a significance level: expected a number above 0 and below 1");
        }
        return level;
    }

    /** The value as its JSON text, shortened, for messages: {@code -3.5}, {@code "NaN"}, {@code 1e999}. */
    private String shown() {
        if (node == null) {
            return "nothing";
        }
        String text = node.isNumber() && node.isDouble() && !Double.isFinite(node.doubleValue())
                ? "a number too large for a double" : node.toString();
        return text.length() > QUOTED ? text.substring(0, QUOTED) + "..." : text;
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

    /**
     * A finite number, or NaN when absent or {@code null}: report.json writes an unknown number as {@code null},
     * so an infinity (a literal too large for a double) is damage.
     */
    public double finiteOrNaN() throws JsonFormatException {
        double v = numberOrNaN();
        if (Double.isInfinite(v)) {
            throw invalid(shown() + " is not a finite number: expected a finite number, or null where it is unknown");
        }
        return v;
    }

    /** A probability from 0 to 1, or NaN when absent or {@code null} (a p-value that was not computed). */
    public double probabilityOrNaN() throws JsonFormatException {
        double v = numberOrNaN();
        if (!Double.isNaN(v) && !(v >= 0 && v <= 1)) {
            throw invalid(shown() + " is out of range: expected a probability from 0 to 1, or null");
        }
        return v;
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

    /**
     * As {@link #optionalStringMap()}, for a map of names, such as a benchmark's parameters: each field name and
     * value has at most {@link #MAX_NAME_CHARS} characters.
     */
    public Map<String, String> optionalNameMap() throws JsonFormatException {
        Map<String, String> map = optionalStringMap();
        for (Map.Entry<String, String> e : map.entrySet()) {
            if (e.getKey().length() > MAX_NAME_CHARS) {
                throw invalid(tooLong("has a field name", e.getKey()));
            }
            if (e.getValue() != null && e.getValue().length() > MAX_NAME_CHARS) {
                throw get(e.getKey()).invalid(tooLong("is", e.getValue()));
            }
        }
        return map;
    }

    /** The number of elements of an array (or fields of an object); 0 for anything else. */
    public int size() {
        return node == null ? 0 : node.size();
    }
}
