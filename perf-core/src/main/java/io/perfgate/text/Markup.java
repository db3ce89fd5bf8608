package io.perfgate.text;

/**
 * The escapes of text put into markup: HTML, SVG, XML, Markdown and JIRA wiki markup. For the first three,
 * one rule underneath three entry points: markup characters become entities and the control characters XML 1.0
 * forbids (even as references) become {@code ?}. Markdown and JIRA wiki markup have one each,
 * {@link #markdown(String)} and {@link #jira(String)}.
 */
public final class Markup {
    private Markup() {
    }

    /** For HTML and SVG, element content and attribute values alike; {@code null} is empty. */
    public static String html(String text) {
        return escape(text == null ? "" : text, true, false);
    }

    /** XML element content: only {@code & < >} need entities there, so quotes stay readable in the file. */
    public static String xmlText(String text) {
        return escape(text, false, false);
    }

    /**
     * A double-quoted XML attribute value. Newlines are written as references because a parser would otherwise
     * turn them into spaces (attribute-value normalisation), and multi-line messages must survive.
     */
    public static String xmlAttribute(String text) {
        return escape(text, false, true);
    }

    /**
     * Running text in GitHub-flavoured Markdown (report.md, the Markdown methodology block), shown as written: the
     * characters that start emphasis or code are backslash-escaped, a {@code <} that would open a tag or an
     * autolink becomes an entity (a {@code < 0.0001} stays as it is), a {@code #} that would make the line a
     * heading is escaped, and line breaks become spaces, so a message stays one list item or one cell.
     */
    public static String markdown(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 8);
        boolean lineStart = true;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\':
                case '`':
                case '*':
                case '_':
                    sb.append('\\').append(c);
                    break;
                case '#':
                    // only at the start, after any spaces, does a # make a heading; "issue #12" stays as written
                    sb.append(lineStart ? "\\#" : "#");
                    break;
                case '<':
                    boolean tag = i + 1 < text.length() && (Character.isLetter(text.charAt(i + 1))
                            || "/!?".indexOf(text.charAt(i + 1)) >= 0);
                    sb.append(tag ? "&lt;" : "<");
                    break;
                case '\n':
                case '\r':
                    sb.append(' ');
                    break;
                default:
                    sb.append(c);
            }
            lineStart = lineStart && c == ' ';
        }
        return sb.toString();
    }

    /**
     * Text in JIRA wiki markup, shown as written: {@code [ ] { } | * _ ^ ~ ! #} are escaped everywhere, {@code + - ?}
     * only where a word starts or ends (inside "one-sided" a hyphen is plain text), line breaks become spaces.
     */
    public static String jira(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '[':
                case ']':
                case '{':
                case '}':
                case '|':
                case '*':
                case '_':
                case '^':
                case '~':
                case '!':
                case '#':
                    sb.append('\\').append(c);
                    break;
                case '+':
                case '-':
                case '?':
                    // markers only where a word starts or ends: inside "one-sided" a hyphen is plain text
                    if (boundary(text, i - 1) || boundary(text, i + 1)) {
                        sb.append('\\');
                    }
                    sb.append(c);
                    break;
                case '\n':
                case '\r':
                    sb.append(' ');
                    break;
                default:
                    sb.append(c);
            }
        }
        return sb.toString();
    }

    private static boolean boundary(String text, int i) {
        return i < 0 || i >= text.length() || !Character.isLetterOrDigit(text.charAt(i));
    }

    private static String escape(String text, boolean html, boolean attribute) {
        StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&':
                    sb.append("&amp;");
                    break;
                case '<':
                    sb.append("&lt;");
                    break;
                case '>':
                    sb.append("&gt;");
                    break;
                case '"':
                    sb.append(html || attribute ? "&quot;" : "\"");
                    break;
                case '\'':
                    // HTML attributes may be single-quoted; our XML attributes never are.
                    sb.append(html ? "&#39;" : "'");
                    break;
                case '\n':
                    sb.append(attribute ? "&#10;" : "\n");
                    break;
                default:
                    if (c < 0x20 && c != '\t' && c != '\r') {
                        sb.append('?');
                    } else {
                        sb.append(c);
                    }
            }
        }
        return sb.toString();
    }
}
