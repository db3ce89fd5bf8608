package io.perfgate.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes a {@link Methodology} in one markup. The block's skeleton (what comes in which order, what is left out
 * when empty) is here, once; each {@link MethodologyFormat}'s subclass says only how a part is marked up.
 */
public abstract class MethodologyRenderer {
    MethodologyRenderer() {
        // the three markups of this package, no more: a fourth is a MethodologyFormat first
    }

    /** The whole block, ending with a newline. */
    public final String render(Methodology m) {
        StringBuilder out = new StringBuilder();
        out.append(title());
        for (String sentence : m.headline()) {
            out.append(headline(sentence));
        }
        if (!m.headline().isEmpty()) {
            out.append('\n');
        }
        int labelWidth = 0;
        for (Methodology.Item item : m.setup()) {
            labelWidth = Math.max(labelWidth, item.label().length() + 1);
        }
        for (Methodology.Item item : m.setup()) {
            out.append(item(item.label(), item.text(), labelWidth));
        }
        if (m.command() != null) {
            out.append(command(m.commandLabel(), m.command()));
        }
        if (m.baselineCommand() != null) {
            out.append(command("Baseline command", m.baselineCommand()));
        }
        out.append('\n');
        if (m.rows().isEmpty()) {
            out.append(noRows());
        } else {
            List<List<String>> rows = new ArrayList<>();
            for (Methodology.Row row : m.rows()) {
                rows.add(row.cells());
            }
            out.append(table(Methodology.HEADERS, rows));
            if (m.tableCaption() != null) {
                out.append(caption(m.tableCaption()));
            }
        }
        list(out, "Profile evidence", m.profileEvidence(), false);
        list(out, "Profile artifacts", m.profiles(), true);
        list(out, "Notes", m.notes(), false);
        out.append(vote(m.vote()));
        return out.toString();
    }

    private void list(StringBuilder out, String label, List<String> lines, boolean paths) {
        if (lines.isEmpty()) {
            return;
        }
        out.append(listTitle(label));
        for (String line : lines) {
            out.append(listItem(line, paths));
        }
    }

    /** True for the columns that hold numbers (before, after, change, p), which read best right-aligned. */
    static boolean numeric(int column) {
        return column >= 2 && column <= 5;
    }

    /** The block's heading and the blank line after it. */
    abstract String title();

    /** One headline sentence, on a line of its own. */
    abstract String headline(String sentence);

    /** A labelled set-up line; {@code labelWidth} is the widest label with its colon, for markups that align. */
    abstract String item(String label, String text, int labelWidth);

    /** A command, shown verbatim under its label. */
    abstract String command(String label, String command);

    /** What stands for the table when nothing was compared. */
    abstract String noRows();

    /** The before/after table: the header, then one list of cells per row. */
    abstract String table(List<String> header, List<List<String>> rows);

    /** The sentence under the table. */
    abstract String caption(String caption);

    /** The heading of a list (profile evidence, profile artifacts, notes). */
    abstract String listTitle(String label);

    /** One entry of a list; {@code path} for a file path, shown as code where the markup has it. */
    abstract String listItem(String line, boolean path);

    /** The vote, the block's last line. */
    abstract String vote(String vote);
}
