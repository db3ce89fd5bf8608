package io.perfgate.text;

/**
 * The one escape for text put into HTML, SVG and XML. Three entry points, one rule underneath: markup characters
 * become entities and the control characters XML 1.0 forbids (even as references) become {@code ?}.
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
