package io.perfgate.report;

import io.perfgate.json.JsonFormatException;
import java.nio.file.Path;

/** A report.json that cannot be read; the message names the file and the field. */
public final class ReportFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String field;

    public ReportFormatException(Path file, String field, String problem) {
        this(file, field, problem, null);
    }

    public ReportFormatException(Path file, String field, String problem, Throwable cause) {
        super(JsonFormatException.message(file, field, problem), cause);
        this.field = field;
    }

    /** JSON path of the offending field, e.g. {@code comparisons[2].verdict}; may be empty. */
    public String field() {
        return field;
    }
}
