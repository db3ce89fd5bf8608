package io.perfgate.report;

import java.util.ArrayList;
import java.util.List;

/** Plain text with aligned columns, for e-mail, a terminal, or a ticket system without markup. */
final class TextMethodologyRenderer implements MethodologyRenderer {
    @Override
    public String render(Methodology m) {
        StringBuilder out = new StringBuilder();
        out.append("Performance methodology\n");
        for (String sentence : m.headline()) {
            out.append("  ").append(oneLine(sentence)).append('\n');
        }
        if (!m.headline().isEmpty()) {
            out.append('\n');
        }
        int width = 0;
        for (Methodology.Item item : m.setup()) {
            width = Math.max(width, item.label().length() + 1);
        }
        for (Methodology.Item item : m.setup()) {
            out.append("  ").append(pad(item.label() + ":", width)).append(' ').append(oneLine(item.text()))
                    .append('\n');
        }
        command(out, m.commandLabel(), m.command());
        command(out, "Baseline command", m.baselineCommand());
        out.append('\n');
        if (m.rows().isEmpty()) {
            out.append("No benchmark was compared.\n");
        } else {
            List<List<String>> table = new ArrayList<>();
            table.add(Methodology.HEADERS);
            for (Methodology.Row r : m.rows()) {
                table.add(r.cells());
            }
            int columns = Methodology.HEADERS.size();
            int[] widths = new int[columns];
            for (List<String> row : table) {
                for (int i = 0; i < columns; i++) {
                    widths[i] = Math.max(widths[i], oneLine(row.get(i)).length());
                }
            }
            for (int r = 0; r < table.size(); r++) {
                line(out, table.get(r), widths);
                if (r == 0) {
                    List<String> rule = new ArrayList<>();
                    for (int w : widths) {
                        rule.add(repeat('-', w));
                    }
                    line(out, rule, widths);
                }
            }
            if (m.tableCaption() != null) {
                out.append('(').append(oneLine(m.tableCaption())).append(")\n");
            }
        }
        list(out, "Profile evidence", m.profileEvidence());
        list(out, "Profile artifacts", m.profiles());
        list(out, "Notes", m.notes());
        out.append("\nVote: ").append(oneLine(m.vote())).append('\n');
        return out.toString();
    }

    private static void line(StringBuilder out, List<String> cells, int[] widths) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < widths.length; i++) {
            String cell = oneLine(cells.get(i));
            // numbers (before, after, change, p) right-aligned so their digits line up
            boolean right = i >= 2 && i <= 5;
            sb.append(right ? padLeft(cell, widths[i]) : pad(cell, widths[i]));
            if (i < widths.length - 1) {
                sb.append("  ");
            }
        }
        out.append(stripTrailing(sb.toString())).append('\n');
    }

    private static void list(StringBuilder out, String label, List<String> lines) {
        if (lines.isEmpty()) {
            return;
        }
        out.append('\n').append(label).append(":\n");
        for (String line : lines) {
            out.append("  - ").append(oneLine(line)).append('\n');
        }
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replace('\n', ' ').replace('\r', ' ');
    }

    private static String pad(String s, int width) {
        StringBuilder sb = new StringBuilder(s);
        while (sb.length() < width) {
            sb.append(' ');
        }
        return sb.toString();
    }

    private static String padLeft(String s, int width) {
        StringBuilder sb = new StringBuilder();
        while (sb.length() + s.length() < width) {
            sb.append(' ');
        }
        return sb.append(s).toString();
    }

    private static String repeat(char c, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(c);
        }
        return sb.toString();
    }

    private static String stripTrailing(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }

    private static void command(StringBuilder out, String label, String command) {
        if (command != null) {
            out.append("  ").append(label).append(":\n");
            for (String line : command.split("\r?\n", -1)) {
                out.append("    ").append(line).append('\n');
            }
        }
    }
}
