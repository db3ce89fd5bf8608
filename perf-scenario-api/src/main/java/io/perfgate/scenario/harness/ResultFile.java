package io.perfgate.scenario.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The result file of one scenario JVM (format in {@link Protocol}). It is rewritten whole after every phase
 * through a temporary file and a rename, so the parent never reads half a line.
 */
final class ResultFile {
    private final Path file;
    private final List<String> lines = new ArrayList<>();

    ResultFile(Path file, String scenarioId, String allocationMethod) {
        this.file = file;
        add(Protocol.REC_HEADER, Integer.toString(Protocol.FORMAT_VERSION));
        add(Protocol.REC_SCENARIO, scenarioId);
        add(Protocol.REC_ALLOC_METHOD, allocationMethod);
    }

    void add(String record, String... fields) {
        StringBuilder sb = new StringBuilder(record);
        for (String f : fields) {
            sb.append('\t').append(Protocol.field(f));
        }
        lines.add(sb.toString());
    }

    void addRun(String kind, int index, Map<String, String> values) {
        StringBuilder sb = new StringBuilder(Protocol.REC_RUN).append('\t').append(kind).append('\t').append(index);
        for (Map.Entry<String, String> e : values.entrySet()) {
            sb.append('\t').append(e.getKey()).append('=').append(Protocol.field(e.getValue()));
        }
        lines.add(sb.toString());
    }

    void write() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String line : lines) {
            sb.append(line).append('\n');
        }
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            Files.write(tmp, sb.toString().getBytes(StandardCharsets.UTF_8));
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
