package io.perfgate.affected;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.perfgate.files.AtomicFiles;
import io.perfgate.json.JsonFormatException;
import io.perfgate.json.JsonValue;
import io.perfgate.json.JsonWriting;
import io.perfgate.results.BenchmarkId;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The stored form of an {@link ExecutedCode}: gzip'd JSON, small enough to keep one per main-branch run for years.
 * Each class is written once ({@code classes}, internal names), each method once ({@code methods}: the index of
 * its class, its name, its descriptor), and each benchmark ({@link BenchmarkId#storedKey()}) lists the sorted
 * indexes of the methods it ran; a suite's benchmarks share most of their methods, so the names are not repeated
 * per benchmark. For a suite of 65 benchmarks (131 parameter sets) of about 300 methods each, out of 1,500 methods
 * of the project, a map is about 22 KB (ExecutedCodeJsonTest measures it): 250 maps, a year of main runs, 5.5 MB.
 *
 * <pre>{
 *   "schema" : 1,
 *   "commit" : "0123...",
 *   "classes" : [ "org/example/Codec", ... ],
 *   "methods" : [ [ 0, "encode", "([B)[B" ], ... ],
 *   "benchmarks" : { "org.example.CodecBench.encode:size=10 [thrpt]" : [ 0, 4, 5 ], ... }
 * }</pre>
 *
 * Reading is strict: a file that is not gzip, is cut short, or holds anything but this is an error naming the file
 * (or the store's place of it) and the field.
 */
public final class ExecutedCodeJson {
    /** The map perf:run writes beside its results, and perf:record keeps in the history. */
    public static final String FILE_NAME = "executed-code.json.gz";
    public static final int SCHEMA = 1;
    /** A full commit id: SHA-1 or SHA-256. */
    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
    /** More than any map holds: a file larger than this unpacked is not one (a gzip bomb, the wrong file). */
    private static final long MAX_JSON_BYTES = 256L * 1024 * 1024;

    private ExecutedCodeJson() {
    }

    /** True when {@code commit} is a full commit id, the only key a map is kept under. */
    public static boolean isFullCommit(String commit) {
        return commit != null && COMMIT.matcher(commit).matches();
    }

    /** The map as JSON text (what the gzip'd form holds). */
    public static String toJson(ExecutedCode code) {
        Set<ExecutedCode.Method> all = new TreeSet<>();
        code.executed().values().forEach(all::addAll);
        Map<String, Integer> classIndex = new LinkedHashMap<>();
        Map<ExecutedCode.Method, Integer> methodIndex = new HashMap<>();
        ArrayNode classes = JsonWriting.array();
        ArrayNode methods = JsonWriting.array();
        for (ExecutedCode.Method m : all) {
            Integer owner = classIndex.get(m.owner());
            if (owner == null) {
                owner = classIndex.size();
                classIndex.put(m.owner(), owner);
                classes.add(m.owner());
            }
            methodIndex.put(m, methods.size());
            methods.addArray().add(owner).add(m.name()).add(m.descriptor());
        }
        ObjectNode benchmarks = JsonWriting.object();
        code.executed().forEach((id, ran) -> {
            // the methods are sorted and so are their indexes: the same runs of numbers recur, which gzip shrinks
            ArrayNode indexes = benchmarks.putArray(id.storedKey());
            ran.forEach(m -> indexes.add(methodIndex.get(m)));
        });
        ObjectNode root = JsonWriting.object();
        root.put("schema", SCHEMA);
        root.put("commit", code.commit());
        root.set("classes", classes);
        root.set("methods", methods);
        root.set("benchmarks", benchmarks);
        return JsonWriting.pretty(root, true);
    }

    /** The map, gzip'd. */
    public static byte[] gzipped(ExecutedCode code) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(toJson(code).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("gzip into memory failed", e);
        }
        return bytes.toByteArray();
    }

    /** Writes the map to {@code file}, whole or not at all; returns its size in bytes. */
    public static long write(ExecutedCode code, Path file) throws IOException {
        byte[] bytes = gzipped(code);
        AtomicFiles.write(file, bytes);
        return bytes.length;
    }

    /** Reads the map in {@code file}. */
    public static ExecutedCode read(Path file) throws ExecutedCodeException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ExecutedCodeException(JsonFormatException.message(file, "", "file does not exist"), e);
        } catch (IOException e) {
            throw new ExecutedCodeException(JsonFormatException.message(file, "", "cannot be read: " + e), e);
        }
        return read(bytes, file.toString());
    }

    /** Reads the gzip'd map {@code bytes}; {@code source} names where they came from in every error. */
    public static ExecutedCode read(byte[] bytes, String source) throws ExecutedCodeException {
        String text;
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            byte[] json = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, MAX_JSON_BYTES + 1));
            if (json.length > MAX_JSON_BYTES) {
                throw new ExecutedCodeException(JsonFormatException.message(source, "", "unpacks to more than "
                        + MAX_JSON_BYTES + " bytes, more than any map of executed code holds"), null);
            }
            text = new String(json, StandardCharsets.UTF_8);
        } catch (IOException e) {
            // EOFException for a file cut short, ZipException for one that is not gzip at all
            throw new ExecutedCodeException(JsonFormatException.message(source, "", "is not a whole gzip file"
                    + " (cut short or not gzip'd: " + e.getMessage() + ")"), e);
        }
        try {
            return parse(JsonValue.parse(source, text).object());
        } catch (JsonFormatException e) {
            throw ExecutedCodeException.of(e);
        }
    }

    private static ExecutedCode parse(JsonValue root) throws JsonFormatException {
        JsonValue schema = root.get("schema");
        if (schema.integer() != SCHEMA) {
            throw schema.invalid(schema.integer() + " is not a schema this version reads (" + SCHEMA + ")");
        }
        JsonValue commitField = root.get("commit");
        String commit = commitField.text();
        if (!isFullCommit(commit)) {
            throw commitField.invalid("'" + commit + "' is not a full commit id (40 or 64 lowercase hex digits)");
        }
        List<String> classes = new ArrayList<>();
        for (JsonValue c : root.get("classes").elements()) {
            classes.add(c.name());
        }
        List<ExecutedCode.Method> methods = new ArrayList<>();
        for (JsonValue m : root.get("methods").elements()) {
            List<JsonValue> parts = m.elements();
            if (parts.size() != 3) {
                throw m.expected("[class index, name, descriptor]");
            }
            int owner = parts.get(0).integer(0);
            if (owner >= classes.size()) {
                throw parts.get(0).invalid(owner + " is not the index of one of the " + classes.size() + " classes");
            }
            methods.add(new ExecutedCode.Method(classes.get(owner), parts.get(1).name(), parts.get(2).name()));
        }
        Map<BenchmarkId, List<ExecutedCode.Method>> executed = new TreeMap<>();
        for (Map.Entry<String, JsonValue> e : root.get("benchmarks").namedMembers().entrySet()) {
            JsonValue field = e.getValue();
            BenchmarkId id = BenchmarkId.parse(e.getKey()).orElseThrow(() -> field.invalid("'" + e.getKey()
                    + "' is not a benchmark's stored key (name:params [mode])"));
            List<ExecutedCode.Method> ran = new ArrayList<>();
            int last = -1;
            for (JsonValue index : field.elements()) {
                int i = index.integer(0);
                if (i >= methods.size()) {
                    throw index.invalid(i + " is not the index of one of the " + methods.size() + " methods");
                }
                if (i <= last) {
                    throw index.invalid(i + " after " + last + ": the indexes must be sorted, each once");
                }
                last = i;
                ran.add(methods.get(i));
            }
            executed.put(id, ran);
        }
        return new ExecutedCode(commit, executed);
    }
}
