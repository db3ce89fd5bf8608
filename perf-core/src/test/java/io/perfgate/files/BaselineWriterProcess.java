package io.perfgate.files;

import io.perfgate.gate.BaselineRecorder;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.results.ResultsJson;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A separate JVM that records baselines, as a second build would: {@code record <file> <tag> <times>} records a
 * baseline tagged {@code tag} that many times; {@code loop <file> <tagA> <tagB>} records the two in turn until it
 * is killed; {@code hold <file>} holds the file's lock for a minute. Every value in a baseline tagged {@code n} is {@code n} plus a fraction, and its provenance names the
 * tag, so a reader can tell whether a file it sees came whole from one write.
 */
public final class BaselineWriterProcess {
    /** Enough benchmarks that writing one file takes long enough to be killed in the middle of it. */
    static final int BENCHMARKS = 400;
    static final int FORKS = 5;
    static final int ITERATIONS = 10;

    private BaselineWriterProcess() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Paths.get(args[1]);
        BaselineRecorder recorder = new BaselineRecorder("test", Clock.systemUTC());
        if ("hold".equals(args[0])) {
            try (AtomicFiles.Lock lock = AtomicFiles.lock(file)) {
                System.out.println("locked");
                System.out.flush();
                Thread.sleep(60_000);
            }
        } else if ("record".equals(args[0])) {
            int tag = Integer.parseInt(args[2]);
            PerfResults results = tagged(tag);
            for (int i = Integer.parseInt(args[3]); i > 0; i--) {
                recorder.record(results, tagName(tag), file, false);
            }
        } else {
            // the files are made once, so that nearly all the time until the kill is spent writing them, as the
            // recorder does: under the lock, through AtomicFiles
            String[] texts = {recorded(Integer.parseInt(args[2])), recorded(Integer.parseInt(args[3]))};
            System.out.println("writing");
            System.out.flush();
            for (long i = 0; ; i++) {
                try (AtomicFiles.Lock lock = AtomicFiles.lock(file)) {
                    AtomicFiles.writeString(file, texts[(int) (i % 2)]);
                }
            }
        }
    }

    /** A baseline tagged {@code tag} as the recorder writes it, with the tag in its provenance. */
    static String recorded(int tag) {
        Map<String, String> provenance = new LinkedHashMap<>();
        provenance.put("results.file", tagName(tag));
        return ResultsJson.toJson(tagged(tag).toBuilder().provenance(provenance).build());
    }

    static String tagName(int tag) {
        return "writer-" + tag;
    }

    /** The tag a baseline's values carry. */
    static int tagOf(double value) {
        return (int) Math.floor(value);
    }

    static PerfResults tagged(int tag) {
        List<BenchmarkResult> benchmarks = new ArrayList<>();
        for (int b = 0; b < BENCHMARKS; b++) {
            BenchmarkResult.Builder builder = BenchmarkResult.builder("org.example.Bench.m" + b)
                    .mode(BenchmarkResult.MODE_AVERAGE_TIME).unit("ns/op");
            for (int f = 0; f < FORKS; f++) {
                double[] iterations = new double[ITERATIONS];
                for (int i = 0; i < ITERATIONS; i++) {
                    iterations[i] = tag + (1 + b * FORKS * ITERATIONS + f * ITERATIONS + i) / 1e6;
                }
                builder.addFork(new Fork(iterations, Collections.emptyMap(), Collections.emptyMap()));
            }
            benchmarks.add(builder.build());
        }
        return PerfResults.builder().toolVersion("test").createdAt("2026-11-24T10:00:00Z").benchmarks(benchmarks)
                .build();
    }
}
