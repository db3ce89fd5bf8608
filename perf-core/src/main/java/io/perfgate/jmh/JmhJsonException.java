package io.perfgate.jmh;

import io.perfgate.json.JsonFormatException;

/** A JMH JSON result file that cannot be read; the message names the file and the JSON path of the field. */
public final class JmhJsonException extends Exception {
    private static final long serialVersionUID = 1L;

    public JmhJsonException(String source, String path, String problem) {
        this(source, path, problem, null);
    }

    public JmhJsonException(String source, String path, String problem, Throwable cause) {
        super(JsonFormatException.message(source, path, problem), cause);
    }
}
