package io.perfgate.trend;

import io.perfgate.stats.Direction;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The Java side of {@code src/site/scripts/changepoints-agreement.py}: reads every {@code NAME.csv} of a corpus
 * directory (header {@code time,run,value}, one run per line, oldest first), detects change points with the
 * defaults, and writes one JSON object {@code {"NAME": [{"index": i, "p": p}, ...], ...}}. Also used by
 * {@link ChangePointCorpusTest} to read the committed corpus series.
 *
 * <p>Usage: {@code java -cp <test classes, classes, dependencies> io.perfgate.trend.AgreementBridge CORPUS OUT}
 */
public final class AgreementBridge {
    private AgreementBridge() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: AgreementBridge CORPUS_DIR OUT_JSON");
            System.exit(2);
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(Paths.get(args[0]))) {
            files = list.filter(f -> f.toString().endsWith(".csv")).sorted().collect(Collectors.toList());
        }
        ChangePointDetector detector = new ChangePointDetector(ChangePointOptions.defaults());
        List<String> entries = new ArrayList<>();
        for (Path file : files) {
            String name = file.getFileName().toString().replaceFirst("\\.csv$", "");
            List<String> points = new ArrayList<>();
            for (ChangePoint c : detector.detect(read(file))) {
                points.add(String.format(Locale.ROOT, "{\"index\": %d, \"p\": %.17g, \"change\": %.6f}", c.index(),
                        c.pValue(), c.change()));
            }
            entries.add("  \"" + name + "\": [" + String.join(", ", points) + "]");
        }
        Files.writeString(Paths.get(args[1]), "{\n" + String.join(",\n", entries) + "\n}\n", StandardCharsets.UTF_8);
    }

    /** One corpus series: lower is better, as for the run medians of a time mode. */
    static RunSeries read(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<String> ids = new ArrayList<>();
        double[] values = new double[lines.size() - 1];
        for (int i = 1; i < lines.size(); i++) {
            String[] cells = lines.get(i).split(",");
            ids.add(cells[1]);
            values[i - 1] = Double.parseDouble(cells[2]);
        }
        return new RunSeries(ids, values, Direction.LOWER_IS_BETTER);
    }
}
