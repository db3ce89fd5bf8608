package io.perfgate.text;

/**
 * Input quoted in a message, cut to a length a log line can hold: a name or a value of 10,000 characters printed
 * whole makes a log line nobody reads (and three of them a 30,000-character one). The start and the end are kept,
 * since either may be where two values differ. A message that refuses a value for its length says the length
 * itself.
 */
public final class Ellipsis {
    /** The characters of a quoted value kept whole. */
    public static final int DEFAULT_LENGTH = 80;
    private static final String MARK = "...";

    private Ellipsis() {
    }

    /** {@code text} unchanged up to {@value #DEFAULT_LENGTH} characters, else cut as {@link #of(String, int)}. */
    public static String of(String text) {
        return of(text, DEFAULT_LENGTH);
    }

    /**
     * {@code text} unchanged up to {@code max} characters; else its start, {@code ...} and its end, {@code max}
     * characters in all, e.g. {@code tttttttt...tttt}. {@code null} stays {@code null}.
     */
    public static String of(String text, int max) {
        if (text == null || text.length() <= max) {
            return text;
        }
        int keep = Math.max(2, max - MARK.length());
        int tail = keep / 3;
        int head = keep - tail;
        return text.substring(0, safeEnd(text, head)) + MARK + text.substring(safeStart(text, text.length() - tail));
    }

    /** An end index that does not split a surrogate pair. */
    private static int safeEnd(String text, int end) {
        return end > 0 && Character.isHighSurrogate(text.charAt(end - 1)) ? end - 1 : end;
    }

    private static int safeStart(String text, int start) {
        return start < text.length() && Character.isLowSurrogate(text.charAt(start)) ? start + 1 : start;
    }
}
