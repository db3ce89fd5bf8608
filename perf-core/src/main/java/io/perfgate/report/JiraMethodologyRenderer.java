package io.perfgate.report;

import io.perfgate.text.Markup;
import java.util.List;

/**
 * JIRA wiki markup, ready to paste into a ticket's comment. Free text is escaped because JIRA reads
 * {@code [...]} as a link, {@code +x+} as underline, {@code -x-} as strike-through and {@code |} as a cell
 * border, all of which occur in "+12.3 % [+8.1 %, +16.4 %]" or JVM flags ({@link Markup#jira(String)}); the
 * command goes into a {@code {noformat}} block, which JIRA shows verbatim.
 */
final class JiraMethodologyRenderer extends MethodologyRenderer {
    @Override
    String title() {
        return "h3. Performance methodology\n\n";
    }

    @Override
    String headline(String sentence) {
        return Markup.jira(sentence) + "\n";
    }

    @Override
    String item(String label, String text, int labelWidth) {
        return "* *" + Markup.jira(label) + ":* " + Markup.jira(text) + "\n";
    }

    @Override
    String command(String label, String command) {
        return "\n*" + Markup.jira(label) + ":*\n{noformat}\n" + command.replace("{noformat}", "{ noformat}")
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
            out.append(Markup.jira(h)).append("||");
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
        return "\n" + Markup.jira(caption) + "\n";
    }

    @Override
    String listTitle(String label) {
        return "\n*" + label + ":*\n";
    }

    @Override
    String listItem(String line, boolean path) {
        return "* " + (path ? "{{" + Markup.jira(line) + "}}" : Markup.jira(line)) + "\n";
    }

    @Override
    String vote(String vote) {
        return "\n*Vote:* " + Markup.jira(vote) + "\n";
    }

    private static String cell(String text) {
        String escaped = Markup.jira(text == null ? "" : text);
        // an empty cell would merge with its neighbour in JIRA's table syntax
        return escaped.isEmpty() ? " " : escaped;
    }
}
