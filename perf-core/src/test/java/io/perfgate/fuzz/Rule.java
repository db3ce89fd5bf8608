package io.perfgate.fuzz;

/**
 * The rule of issue 18 as the fuzz tests check it: a reader that refuses a file says which file first, and what it
 * accepted can be written and read back unchanged. A broken rule is an {@link AssertionError}, which Jazzer counts
 * as a finding and saves the input of.
 */
final class Rule {
    private Rule() {
    }

    /** A call that must be refused with {@code type}, naming {@code source} first. */
    @FunctionalInterface
    interface Reading {
        Object read() throws Exception;
    }

    /** The reader's own exception must name the file first, as {@code <file>: ...}. */
    static void ownMessage(Exception e, String source) {
        String message = e.getMessage();
        if (message == null || !message.startsWith(source + ": ")) {
            throw new AssertionError("the message does not start with '" + source + ": ': " + message, e);
        }
    }

    /** {@code reading} must throw {@code type} (nothing else, and not return) with a message naming the file. */
    static void refused(Reading reading, Class<? extends Exception> type, String source) {
        Object value;
        try {
            value = reading.read();
        } catch (Exception e) {
            if (!type.isInstance(e)) {
                throw new AssertionError("expected " + type.getSimpleName() + ", got " + e, e);
            }
            ownMessage(e, source);
            return;
        }
        throw new AssertionError("expected " + type.getSimpleName() + ", but it read " + value);
    }

    /** What the writer made of a value the reader accepted was refused when read back. */
    static AssertionError notReadBack(Exception e, String written) {
        return new AssertionError("accepted on read, but the file written from it is refused: " + e.getMessage()
                + "\n" + written, e);
    }

    /** Written, read back and written again, a value must give the same text. */
    static void sameText(String first, String second) {
        if (!first.equals(second)) {
            throw new AssertionError("written, read back and written again, the text changed:\n" + first
                    + "\nbecame\n" + second);
        }
    }
}
