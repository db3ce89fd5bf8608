package io.perfgate.mainline;

import io.perfgate.env.EnvironmentFingerprint;
import io.perfgate.gate.GateSettings;
import io.perfgate.history.DirectoryStore;
import io.perfgate.history.HistoryException;
import io.perfgate.history.HistoryRecord;
import io.perfgate.history.MainBranches;
import io.perfgate.history.RunOrigin;
import io.perfgate.log.PerfLog;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.Fork;
import io.perfgate.results.PerfResults;
import io.perfgate.stats.Direction;
import io.perfgate.trend.ChangePointOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.Map;
import java.util.Random;

/**
 * The Java side of {@code src/site/scripts/otava-export-check.sh}: writes a history of 40 runs into a directory
 * store ({@code DIR/history}) with known changes, runs perf:trend's workflow on it with the Otava export
 * ({@code DIR/history.csv} and {@code DIR/history.yaml}), and prints our change points, one a line:
 * {@code <column>\t<index>\t<time of the first run after>}. The history:
 * <ul>
 * <li>{@code ParserBench.parse} (avgt, ns/op): 12 % slower from run 25;</li>
 * <li>{@code WriterBench.write} (thrpt, ops/ms): 10 % fewer operations from run 15 (a slowdown);</li>
 * <li>{@code LexerBench.tokens} (avgt): flat.</li>
 * </ul>
 * Usage: {@code java -cp <test classes, classes, dependencies> io.perfgate.mainline.OtavaExportBridge DIR}
 */
public final class OtavaExportBridge {
    static final Instant START = Instant.parse("2026-09-01T03:00:00Z");

    private OtavaExportBridge() {
    }

    public static void main(String[] args) throws IOException, HistoryException {
        if (args.length != 1) {
            System.err.println("usage: OtavaExportBridge DIR");
            System.exit(2);
        }
        Path dir = Paths.get(args[0]);
        DirectoryStore store = new DirectoryStore(dir.resolve("history"));
        Random noise = new Random(2026);
        Random names = new Random(1);
        for (int i = 0; i < 40; i++) {
            Instant at = START.plusSeconds(86_400L * i);
            String commit = String.format("%012x", 0x7a11L * (i + 3)) + "0".repeat(28);
            PerfResults.Builder run = PerfResults.builder().createdAt(at.toString()).toolVersion("0.1.0")
                    .environment(Map.of(EnvironmentFingerprint.CPU_MODEL, "Xeon")).settings(Map.of("perf.forks", "3"));
            run.addBenchmark(bench("com.acme.ParserBench.parse", "avgt", "ns/op", Direction.LOWER_IS_BETTER,
                    i >= 25 ? 1120 : 1000, noise));
            run.addBenchmark(bench("com.acme.WriterBench.write", "thrpt", "ops/ms", Direction.HIGHER_IS_BETTER,
                    i >= 15 ? 450 : 500, noise));
            run.addBenchmark(bench("com.acme.LexerBench.tokens", "avgt", "ns/op", Direction.LOWER_IS_BETTER, 250,
                    noise));
            store.append(HistoryRecord.create(run.build(), new RunOrigin(at, commit, null, "main", null), names));
        }
        PerfLog quiet = new PerfLog() {
            @Override
            public void info(String message) {
            }

            @Override
            public void warn(String message) {
                System.err.println("[WARNING] " + message);
            }
        };
        TrendResult result = new TrendWorkflow(quiet).run(new TrendRequest(store, MainBranches.parse("main"), null,
                ChangePointOptions.defaults(), GateSettings.defaults(), dir.resolve("perf"),
                dir.resolve("history.csv")));
        for (TrendResult.Located l : result.located()) {
            System.out.println(io.perfgate.trend.OtavaCsv.column(l.trend()) + "\t" + l.change().index() + "\t"
                    + l.after().recordedAt());
        }
    }

    private static BenchmarkResult bench(String name, String mode, String unit, Direction direction, double level,
            Random noise) {
        BenchmarkResult.Builder b = BenchmarkResult.builder(name).mode(mode).unit(unit).direction(direction);
        double run = level * (1 + 0.01 * noise.nextGaussian());
        for (int f = 0; f < 3; f++) {
            double v = run * (1 + 0.003 * noise.nextGaussian());
            b.addFork(new Fork(new double[] {v, v * 1.001, v * 0.999}, Map.of(), Map.of()));
        }
        return b.build();
    }
}
