package io.perfgate.results;

import io.perfgate.json.JsonFormatException;
import java.nio.file.Path;

/** A results or baseline file that cannot be read; the message names the file and the field. */
public final class ResultsFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final String field;

    public ResultsFormatException(Path file, String field, String problem) {
        this(file, field, problem, null);
    }

    public ResultsFormatException(Path file, String field, String problem, Throwable cause) {
        super(JsonFormatException.message(file, field, problem), cause);
        this.file = file;
        this.field = field;
    }

    public Path file() {
        return file;
    }

    /** JSON path of the offending field, e.g. {@code benchmarks[2].forks[0].primary}; may be empty. */
    public String field() {
        return field;
    }
}
