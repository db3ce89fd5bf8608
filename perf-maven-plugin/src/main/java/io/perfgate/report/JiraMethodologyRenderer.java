package io.perfgate.report;

import java.util.List;

/**
 * JIRA wiki markup, ready to paste into a ticket's comment. Free text is escaped because JIRA reads
 * {@code [...]} as a link, {@code +x+} as underline, {@code -x-} as strike-through and {@code |} as a cell
 * border, all of which occur in "+12.3 % [+8.1 %, +16.4 %]" or JVM flags; the command goes into a
 * {@code {noformat}} block, which JIRA shows verbatim.
 */
final class JiraMethodologyRenderer implements MethodologyRenderer {
    @Override
    public String render(Methodology m) {
        StringBuilder out = new StringBuilder();
        out.append("h3. Performance methodology\n\n");
        for (String sentence : m.headline()) {
            out.append(escape(sentence)).append('\n');
        }
        if (!m.headline().isEmpty()) {
            out.append('\n');
        }
        for (Methodology.Item item : m.setup()) {
            out.append("* *").append(escape(item.label())).append(":* ").append(escape(item.text())).append('\n');
        }
        command(out, m.commandLabel(), m.command());
        command(out, "Baseline command", m.baselineCommand());
        out.append('\n');
        if (m.rows().isEmpty()) {
            out.append("_No benchmark was compared._\n");
        } else {
            out.append("||");
            for (String h : Methodology.HEADERS) {
                out.append(escape(h)).append("||");
            }
            out.append('\n');
            for (Methodology.Row row : m.rows()) {
                out.append('|');
                for (String cell : row.cells()) {
                    out.append(cell(cell)).append('|');
                }
                out.append('\n');
            }
            if (m.tableCaption() != null) {
                out.append('\n').append(escape(m.tableCaption())).append('\n');
            }
        }
        list(out, "Profile evidence", m.profileEvidence(), false);
        list(out, "Profile artifacts", m.profiles(), true);
        list(out, "Notes", m.notes(), false);
        out.append("\n*Vote:* ").append(escape(m.vote())).append('\n');
        return out.toString();
    }

    private static void command(StringBuilder out, String label, String command) {
        if (command != null) {
            out.append("\n*").append(escape(label)).append(":*\n{noformat}\n")
                    .append(command.replace("{noformat}", "{ noformat}")).append("\n{noformat}\n");
        }
    }

    private static void list(StringBuilder out, String label, List<String> lines, boolean monospace) {
        if (lines.isEmpty()) {
            return;
        }
        out.append("\n*").append(label).append(":*\n");
        for (String line : lines) {
            out.append("* ").append(monospace ? "{{" + escape(line) + "}}" : escape(line)).append('\n');
        }
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
