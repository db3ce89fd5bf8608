package io.perfgate.affected;

import io.perfgate.json.JsonFormatException;

/**
 * A map of executed code that cannot be read: not gzip, cut short, or JSON that is not the map's. The message names
 * the file (or the store's place of it) and the field, in the layout of every JSON error of the plugin:
 * {@code <source>: field '<path>': <problem>}.
 */
public final class ExecutedCodeException extends Exception {
    private static final long serialVersionUID = 1L;

    ExecutedCodeException(String message, Throwable cause) {
        super(message, cause);
    }

    static ExecutedCodeException of(JsonFormatException e) {
        return new ExecutedCodeException(e.getMessage(), e);
    }
}
