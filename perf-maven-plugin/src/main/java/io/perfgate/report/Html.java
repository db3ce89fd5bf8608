package io.perfgate.report;

/** Escaping for text put into HTML or SVG, element content and attribute values alike. */
final class Html {
    private Html() {
    }

    static String escape(String text) {
        if (text == null) {
            return "";
        }
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
                    sb.append("&quot;");
                    break;
                case '\'':
                    sb.append("&#39;");
                    break;
                default:
                    // control characters other than tab and newline are not allowed in XML 1.0
                    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
                        sb.append('?');
                    } else {
                        sb.append(c);
                    }
            }
        }
        return sb.toString();
    }
}
