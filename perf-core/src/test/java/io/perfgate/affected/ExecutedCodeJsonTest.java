package io.perfgate.affected;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.results.BenchmarkId;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExecutedCodeJsonTest {
    private static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

    @TempDir
    Path tmp;

    private static ExecutedCode.Method method(String owner, String name, String descriptor) {
        return new ExecutedCode.Method(owner, name, descriptor);
    }

    /** Two benchmarks, one with two parameter sets, sharing a class and a static initialiser. */
    static ExecutedCode small() {
        ExecutedCode.Method encode = method("org/example/Codec", "encode", "([B)[B");
        ExecutedCode.Method clinit = method("org/example/Codec", "<clinit>", "()V");
        ExecutedCode.Method parse = method("org/example/Parser", "parse", "(Ljava/lang/String;)I");
        Map<BenchmarkId, List<ExecutedCode.Method>> executed = new LinkedHashMap<>();
        executed.put(BenchmarkId.of("org.example.CodecBench.encode", Map.of("size", "10"), "thrpt"),
                List.of(encode, clinit));
        executed.put(BenchmarkId.of("org.example.CodecBench.encode", Map.of("size", "1,000"), "thrpt"),
                List.of(encode, clinit));
        executed.put(BenchmarkId.of("org.example.ParserBench.parse", Map.of(), "avgt"), List.of(parse, clinit));
        return new ExecutedCode(COMMIT, executed);
    }

    @Test
    void writesTheGoldenFileAndReadsItBack() throws Exception {
        String golden = new String(getClass().getResourceAsStream("executed-code-golden.json").readAllBytes(),
                StandardCharsets.UTF_8);
        assertEquals(golden, ExecutedCodeJson.toJson(small()));

        ExecutedCode read = ExecutedCodeJson.read(gzip(golden), "golden");
        assertEquals(small().commit(), read.commit());
        assertEquals(small().executed(), read.executed());
    }

    @Test
    void aFileRoundTrips() throws Exception {
        Path file = tmp.resolve("perf").resolve(ExecutedCodeJson.FILE_NAME);
        long bytes = ExecutedCodeJson.write(small(), file);

        assertEquals(Files.size(file), bytes);
        ExecutedCode read = ExecutedCodeJson.read(file);
        assertEquals(small().executed(), read.executed());
        assertTrue(read.covers("org.example.CodecBench.encode"));
        assertEquals(2, read.methodsOf("org.example.CodecBench.encode").size());
    }

    @Test
    void aTruncatedFileNamesTheFile() throws Exception {
        Path file = tmp.resolve(ExecutedCodeJson.FILE_NAME);
        byte[] whole = ExecutedCodeJson.gzipped(small());
        Files.write(file, Arrays.copyOf(whole, whole.length / 2));

        ExecutedCodeException e = assertThrows(ExecutedCodeException.class, () -> ExecutedCodeJson.read(file));
        assertTrue(e.getMessage().startsWith(file + ": is not a whole gzip file (cut short or not gzip'd: "),
                e.getMessage());
    }

    @Test
    void aFileThatIsNoGzipNamesTheFile() throws Exception {
        ExecutedCodeException e = assertThrows(ExecutedCodeException.class, () -> ExecutedCodeJson.read(
                "{}".getBytes(StandardCharsets.UTF_8), "git branch perf-history:executed-code/x.json.gz"));
        assertTrue(e.getMessage().startsWith("git branch perf-history:executed-code/x.json.gz: is not a whole gzip"),
                e.getMessage());
    }

    @Test
    void garbledFieldsAreNamedWithTheirPath() throws Exception {
        String golden = ExecutedCodeJson.toJson(small());
        assertProblem(golden.replace("\"schema\" : 1", "\"schema\" : 2"),
                "m: field 'schema': 2 is not a schema this version reads (1)");
        assertProblem(golden.replace(COMMIT, "abc"),
                "m: field 'commit': 'abc' is not a full commit id (40 or 64 lowercase hex digits)");
        assertProblem(golden.replace("[ 0, 2 ]", "[ 2, 0 ]"),
                "m: field 'benchmarks.org.example.ParserBench.parse [avgt][1]': 0 after 2: the indexes must be sorted,"
                        + " each once");
        assertProblem(golden.replace("[ 0, 2 ]", "[ 0, 9 ]"),
                "m: field 'benchmarks.org.example.ParserBench.parse [avgt][1]': 9 is not the index of one of the 3"
                        + " methods");
        assertProblem(golden.replace("[ 1, \"parse\"", "[ 7, \"parse\""),
                "m: field 'methods[2][0]': 7 is not the index of one of the 2 classes");
        assertProblem(golden.replace("\"methods\"", "\"method\""), "m: field 'methods': is missing");
    }

    private static void assertProblem(String json, String message) throws IOException {
        ExecutedCodeException e = assertThrows(ExecutedCodeException.class,
                () -> ExecutedCodeJson.read(gzip(json), "m"));
        assertEquals(message, e.getMessage());
    }

    /**
     * What a map of a real-size suite costs: 65 benchmarks (131 parameter sets) each running about 300 of the
     * project's 1,500 methods, two thirds of them shared (the library's core) and a third their own, scattered at
     * random (worse for gzip than real code, whose methods cluster by class): 22,410 bytes a map, so a year of main
     * runs (250 maps) is about 5.5 MB. The bound leaves room for another JDK's deflater.
     */
    @Test
    void aRealSizeMapIsSmall() {
        Random random = new Random(43);
        List<ExecutedCode.Method> project = new ArrayList<>();
        for (int c = 0; c < 150; c++) {
            for (int m = 0; m < 10; m++) {
                project.add(method("org/apache/avro/pkg" + (c % 12) + "/Class" + c, "method" + m,
                        "(Ljava/lang/String;I)Lorg/apache/avro/Schema;"));
            }
        }
        List<ExecutedCode.Method> core = project.subList(0, 200);
        Map<BenchmarkId, List<ExecutedCode.Method>> executed = new LinkedHashMap<>();
        for (int b = 0; b < 65; b++) {
            List<ExecutedCode.Method> own = new ArrayList<>(core);
            for (int k = 0; k < 100; k++) {
                own.add(project.get(200 + random.nextInt(project.size() - 200)));
            }
            for (String size : b == 0 ? List.of("10", "100", "1000") : List.of("10", "1000")) {
                executed.put(BenchmarkId.of("org.apache.avro.perf.test.Bench" + b + ".run", Map.of("size", size),
                        "thrpt"), own);
            }
        }
        byte[] map = ExecutedCodeJson.gzipped(new ExecutedCode(COMMIT, executed));
        assertTrue(map.length < 40_000, map.length + " bytes");
        System.out.println("A map of 65 benchmarks (" + executed.size() + " parameter sets) x ~300 methods: "
                + map.length + " bytes");
    }

    static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }
}
