package io.perfgate.report;

import java.util.ArrayList;
import java.util.List;

/** Plain text with aligned columns, for e-mail, a terminal, or a ticket system without markup. */
final class TextMethodologyRenderer extends MethodologyRenderer {
    @Override
    String title() {
        return "Performance methodology\n";
    }

    @Override
    String headline(String sentence) {
        return "  " + oneLine(sentence) + "\n";
    }

    @Override
    String item(String label, String text, int labelWidth) {
        return "  " + pad(label + ":", labelWidth) + " " + oneLine(text) + "\n";
    }

    @Override
    String command(String label, String command) {
        StringBuilder out = new StringBuilder("  ").append(label).append(":\n");
        for (String line : command.split("\r?\n", -1)) {
            out.append("    ").append(line).append('\n');
        }
        return out.toString();
    }

    @Override
    String noRows() {
        return "No benchmark was compared.\n";
    }

    @Override
    String table(List<String> header, List<List<String>> rows) {
        List<List<String>> table = new ArrayList<>();
        table.add(header);
        table.addAll(rows);
        int[] widths = new int[header.size()];
        for (List<String> row : table) {
            for (int i = 0; i < widths.length; i++) {
                widths[i] = Math.max(widths[i], oneLine(row.get(i)).length());
            }
        }
        StringBuilder out = new StringBuilder();
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
        return out.toString();
    }

    @Override
    String caption(String caption) {
        return "(" + oneLine(caption) + ")\n";
    }

    @Override
    String listTitle(String label) {
        return "\n" + label + ":\n";
    }

    @Override
    String listItem(String line, boolean path) {
        return "  - " + oneLine(line) + "\n";
    }

    @Override
    String vote(String vote) {
        return "\nVote: " + oneLine(vote) + "\n";
    }

    private static void line(StringBuilder out, List<String> cells, int[] widths) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < widths.length; i++) {
            String cell = oneLine(cells.get(i));
            sb.append(numeric(i) ? padLeft(cell, widths[i]) : pad(cell, widths[i]));
            if (i < widths.length - 1) {
                sb.append("  ");
            }
        }
        out.append(stripTrailing(sb.toString())).append('\n');
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
}
