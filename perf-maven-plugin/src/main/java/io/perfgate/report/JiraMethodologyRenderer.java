package io.perfgate.report;

import java.util.List;

/**
 * JIRA wiki markup, ready to paste into a ticket's comment. Free text is escaped because JIRA reads
 * {@code [...]} as a link, {@code +x+} as underline, {@code -x-} as strike-through and {@code |} as a cell
 * border, all of which occur in "+12.3 % [+8.1 %, +16.4 %]" or JVM flags; the command goes into a
 * {@code {noformat}} block, which JIRA shows verbatim.
 */
final class JiraMethodologyRenderer extends MethodologyRenderer {
    @Override
    String title() {
        return "h3. Performance methodology\n\n";
    }

    @Override
    String headline(String sentence) {
        return escape(sentence) + "\n";
    }

    @Override
    String item(String label, String text, int labelWidth) {
        return "* *" + escape(label) + ":* " + escape(text) + "\n";
    }

    @Override
    String command(String label, String command) {
        return "\n*" + escape(label) + ":*\n{noformat}\n" + command.replace("{noformat}", "{ noformat}")
                + "\n{noformat}\n";
    }

    @Override
    String noRows() {
        return "_No benchmark was compared._\n";
    }

    @Override
    String table(List<String> header, List<List<String>> rows) {
        StringBuilder out = new StringBuilder("||");
        for (String h : header) {
            out.append(escape(h)).append("||");
        }
        out.append('\n');
        for (List<String> row : rows) {
            out.append('|');
            for (String cell : row) {
                out.append(cell(cell)).append('|');
            }
            out.append('\n');
        }
        return out.toString();
    }

    @Override
    String caption(String caption) {
        return "\n" + escape(caption) + "\n";
    }

    @Override
    String listTitle(String label) {
        return "\n*" + label + ":*\n";
    }

    @Override
    String listItem(String line, boolean path) {
        return "* " + (path ? "{{" + escape(line) + "}}" : escape(line)) + "\n";
    }

    @Override
    String vote(String vote) {
        return "\n*Vote:* " + escape(vote) + "\n";
    }

    private static String cell(String text) {
        String escaped = escape(text == null ? "" : text);
        // an empty cell would merge with its neighbour in JIRA's table syntax
        return escaped.isEmpty() ? " " : escaped;
    }

    /** Escapes JIRA's markup characters so that the text shows as written. */
    static String escape(String text) {
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
}
