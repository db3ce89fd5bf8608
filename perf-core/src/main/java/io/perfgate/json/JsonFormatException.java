package io.perfgate.json;

/**
 * A JSON file that cannot be read as its reader requires. It carries the parts of the message rather than only the
 * text, so that each reader can rethrow it as its own domain exception with the same file, path and problem.
 */
public final class JsonFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    /** Why reading failed, where a reader may want to say it in its own words (JMH's "wrote no result file"). */
    enum Kind {
        NO_FILE, EMPTY, CONTENT
    }

    private final String source;
    private final String path;
    private final String problem;
    private final Kind kind;

    JsonFormatException(String source, String path, String problem, Kind kind, Throwable cause) {
        super(message(source, path, problem), cause);
        this.source = source;
        this.path = path;
        this.problem = problem;
        this.kind = kind;
    }

    /**
     * The one layout of a JSON reading error, also used by the readers' own exceptions: the file, then the field's
     * path when there is one, then the problem, e.g.
     * {@code target/perf/results.json: field 'benchmarks[3].forks[0].primary': expected an array of numbers, found
     * string "abc"}.
     */
    public static String message(Object source, String path, String problem) {
        return source + (path == null || path.isEmpty() ? "" : ": field '" + path + "'") + ": " + problem;
    }

    /** The file (or other source) as it was named when reading began. */
    public String source() {
        return source;
    }

    /** JSON path of the offending field, e.g. {@code benchmarks[3].forks[0].primary}; empty for the whole file. */
    public String path() {
        return path;
    }

    /** What is wrong, without the file and path. */
    public String problem() {
        return problem;
    }

    /** The file does not exist. */
    public boolean fileMissing() {
        return kind == Kind.NO_FILE;
    }

    /** The file holds nothing but white space. */
    public boolean fileEmpty() {
        return kind == Kind.EMPTY;
    }
}
