package io.perfgate.report;

import io.perfgate.text.Markup;
import java.util.List;

/**
 * GitHub-flavoured Markdown, for a pull request or a mailing list that renders Markdown: a bullet list, a
 * fenced block for the command, and a pipe table. Free text is escaped by {@link Markup#markdown(String)}.
 */
final class MarkdownMethodologyRenderer extends MethodologyRenderer {
    @Override
    String title() {
        return "### Performance methodology\n\n";
    }

    @Override
    String headline(String sentence) {
        return Markup.markdown(sentence) + "  \n";
    }

    @Override
    String item(String label, String text, int labelWidth) {
        return "- **" + Markup.markdown(label) + ":** " + Markup.markdown(text) + "\n";
    }

    @Override
    String command(String label, String command) {
        String fence = fence(command);
        return "\n**" + Markup.markdown(label) + ":**\n\n" + fence + "sh\n" + command + "\n" + fence + "\n";
    }

    @Override
    String noRows() {
        return "*No benchmark was compared.*\n";
    }

    @Override
    String table(List<String> header, List<List<String>> rows) {
        StringBuilder out = new StringBuilder();
        row(out, header);
        out.append('|');
        for (int i = 0; i < header.size(); i++) {
            out.append(numeric(i) ? "---:|" : "---|");
        }
        out.append('\n');
        for (List<String> cells : rows) {
            row(out, cells);
        }
        return out.toString();
    }

    @Override
    String caption(String caption) {
        return "\n" + Markup.markdown(caption) + "\n";
    }

    @Override
    String listTitle(String label) {
        return "\n**" + label + ":**\n\n";
    }

    @Override
    String listItem(String line, boolean path) {
        return "- " + (path ? "`" + line.replace("`", "'") + "`" : Markup.markdown(line)) + "\n";
    }

    @Override
    String vote(String vote) {
        return "\n**Vote:** " + Markup.markdown(vote) + "\n";
    }

    private static void row(StringBuilder out, List<String> cells) {
        out.append('|');
        for (String c : cells) {
            out.append(' ').append(Markup.markdown(c == null ? "" : c).replace("|", "\\|")).append(" |");
        }
        out.append('\n');
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
}
