package io.perfgate.report;

import java.util.List;

/**
 * GitHub-flavoured Markdown, for a pull request or a mailing list that renders Markdown: a bullet list, a
 * fenced block for the command, and a pipe table.
 */
final class MarkdownMethodologyRenderer implements MethodologyRenderer {
    @Override
    public String render(Methodology m) {
        StringBuilder out = new StringBuilder();
        out.append("### Performance methodology\n\n");
        for (String sentence : m.headline()) {
            out.append(escape(sentence)).append("  \n");
        }
        if (!m.headline().isEmpty()) {
            out.append('\n');
        }
        for (Methodology.Item item : m.setup()) {
            out.append("- **").append(escape(item.label())).append(":** ").append(escape(item.text())).append('\n');
        }
        command(out, m.commandLabel(), m.command());
        command(out, "Baseline command", m.baselineCommand());
        out.append('\n');
        if (m.rows().isEmpty()) {
            out.append("*No benchmark was compared.*\n");
        } else {
            row(out, Methodology.HEADERS);
            out.append('|');
            for (int i = 0; i < Methodology.HEADERS.size(); i++) {
                // numbers read best right-aligned; names and verdicts left
                out.append(i >= 2 && i <= 5 ? "---:|" : "---|");
            }
            out.append('\n');
            for (Methodology.Row r : m.rows()) {
                row(out, r.cells());
            }
            if (m.tableCaption() != null) {
                out.append('\n').append(escape(m.tableCaption())).append('\n');
            }
        }
        list(out, "Profile evidence", m.profileEvidence(), false);
        list(out, "Profile artifacts", m.profiles(), true);
        list(out, "Notes", m.notes(), false);
        out.append("\n**Vote:** ").append(escape(m.vote())).append('\n');
        return out.toString();
    }

    private static void command(StringBuilder out, String label, String command) {
        if (command != null) {
            String fence = fence(command);
            out.append("\n**").append(escape(label)).append(":**\n\n").append(fence).append("sh\n").append(command)
                    .append('\n').append(fence).append('\n');
        }
    }

    private static void row(StringBuilder out, List<String> cells) {
        out.append('|');
        for (String c : cells) {
            out.append(' ').append(escape(c == null ? "" : c).replace("|", "\\|")).append(" |");
        }
        out.append('\n');
    }

    private static void list(StringBuilder out, String label, List<String> lines, boolean code) {
        if (lines.isEmpty()) {
            return;
        }
        out.append("\n**").append(label).append(":**\n\n");
        for (String line : lines) {
            out.append("- ").append(code ? "`" + line.replace("`", "'") + "`" : escape(line)).append('\n');
        }
    }

    /** A backtick fence longer than any run of backticks in the content. */
    private static String fence(String content) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < content.length(); i++) {
            run = content.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        StringBuilder f = new StringBuilder();
        for (int i = 0; i < Math.max(3, longest + 1); i++) {
            f.append('`');
        }
        return f.toString();
    }

    /** Escapes the characters that would start emphasis, code or an HTML tag in running text. */
    static String escape(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\':
                case '`':
                case '*':
                case '_':
                    sb.append('\\').append(c);
                    break;
                case '<':
                    // only the start of a tag or an autolink is HTML; "< 0.0001" is plain text
                    boolean tag = i + 1 < text.length() && (Character.isLetter(text.charAt(i + 1))
                            || "/!?".indexOf(text.charAt(i + 1)) >= 0);
                    sb.append(tag ? "\\<" : "<");
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
}
