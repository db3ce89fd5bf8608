package io.perfgate.profile;

import io.perfgate.text.Markup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The differential view: the candidate's flame graph of the samples attribution divides the time by (wall-clock
 * with async-profiler, CPU with JFR; root at the top, width by the candidate's samples) with
 * each frame coloured by how its self share of the samples (where it is the innermost frame, the attribution's
 * measure) changed from the base: red where it grew, blue where it shrank, grey where it held. One self-contained HTML page, no script; hovering a frame shows both shares.
 * Stacks that only the base had do not appear (they have no width in the candidate); the attribution table lists
 * them.
 */
public final class DifferentialFlameGraph {
    static final int WIDTH = 1200;
    static final int ROW = 17;
    /** Frames narrower than this many pixels are left out: they could not be read or hovered anyway. */
    static final double MIN_PIXELS = 0.3;

    private DifferentialFlameGraph() {
    }

    /** A frame of the call tree: its samples on each side and its callees. */
    static final class Node {
        final String name;
        long base;
        long candidate;
        long selfBase;
        long selfCandidate;
        final Map<String, Node> children = new LinkedHashMap<>();

        Node(String name) {
            this.name = name;
        }

        Node child(String frame) {
            return children.computeIfAbsent(frame, Node::new);
        }
    }

    static Node tree(StackProfile base, StackProfile candidate) {
        Node root = new Node("all");
        add(root, base, true);
        add(root, candidate, false);
        return root;
    }

    /** Adds one side's samples: to every frame on each stack's path, and to the innermost frame's self count. */
    private static void add(Node root, StackProfile side, boolean isBase) {
        side.time().forEach((stack, n) -> {
            Node node = root;
            count(node, n, isBase);
            for (String frame : stack) {
                node = node.child(frame);
                count(node, n, isBase);
            }
            if (isBase) {
                node.selfBase += n;
            } else {
                node.selfCandidate += n;
            }
        });
    }

    private static void count(Node node, long n, boolean isBase) {
        if (isBase) {
            node.base += n;
        } else {
            node.candidate += n;
        }
    }

    /** The page for {@code title} (the benchmark), comparing {@code base} with {@code candidate}. */
    public static String html(String title, StackProfile base, StackProfile candidate) {
        Node root = tree(base, candidate);
        List<String> rects = new ArrayList<>();
        int[] depth = {0};
        if (root.candidate > 0) {
            draw(root, 0, WIDTH, 0, root.base, root.candidate, rects, depth);
        }
        int height = (depth[0] + 1) * ROW + 4;
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(Markup.html("Differential flame graph: " + title)).append("</title>\n<style>")
                .append("body{font:13px sans-serif;margin:16px}svg text{font:11px monospace;pointer-events:none}")
                .append(".k{display:inline-block;width:12px;height:12px;vertical-align:middle;margin:0 4px}</style>")
                .append("</head><body>\n<h1>").append(Markup.html(title)).append("</h1>\n<p>Width: the candidate's")
                .append(" ").append(candidate.timeSampling()).append(" samples (").append(root.candidate)
                .append("; base ").append(root.base)
                .append("). Colour: change of the frame's self share (samples where it is the innermost frame) from")
                .append(" base to candidate,")
                .append("<span class=\"k\" style=\"background:").append(colour(0.5)).append("\"></span>grew")
                .append("<span class=\"k\" style=\"background:").append(colour(-0.5)).append("\"></span>shrank")
                .append("<span class=\"k\" style=\"background:").append(colour(0)).append("\"></span>held.")
                .append(" Hover a frame for its shares.</p>\n");
        if (root.candidate == 0) {
            sb.append("<p>The candidate's profile has no samples of the benchmark's threads.</p>\n");
        }
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"")
                .append(height).append("\" role=\"img\" aria-label=\"differential flame graph\">\n");
        rects.forEach(sb::append);
        sb.append("</svg>\n</body></html>\n");
        return sb.toString();
    }

    private static void draw(Node node, double x, double width, int level, long baseTotal, long candidateTotal,
            List<String> out, int[] depth) {
        depth[0] = Math.max(depth[0], level);
        double baseShare = baseTotal == 0 ? 0 : (double) node.base / baseTotal;
        double candidateShare = (double) node.candidate / candidateTotal;
        double baseSelf = baseTotal == 0 ? 0 : (double) node.selfBase / baseTotal;
        double candidateSelf = (double) node.selfCandidate / candidateTotal;
        double change = candidateSelf - baseSelf;
        String tip = String.format(Locale.ROOT, "%s: %.1f %% of the candidate's samples, %.1f %% of the base's;"
                + " self %.1f %% and %.1f %% (%+.1f points)", node.name, 100 * candidateShare, 100 * baseShare,
                100 * candidateSelf, 100 * baseSelf, 100 * change);
        double y = level * ROW;
        out.add(String.format(Locale.ROOT, "<g><title>%s</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\""
                + " height=\"%d\" fill=\"%s\" stroke=\"#fff\" stroke-width=\"0.5\"/>", Markup.html(tip), x, y,
                width, ROW - 1, colour(change)));
        int chars = (int) ((width - 6) / 6.6);
        if (chars >= 3) {
            String label = node.name.length() <= chars ? node.name : node.name.substring(0, chars - 2) + "..";
            out.add(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\">%s</text>", x + 3, y + ROW - 5,
                    Markup.html(label)));
        }
        out.add("</g>\n");
        double childX = x;
        for (Node child : node.children.values()) {
            if (child.candidate == 0) {
                continue;
            }
            double w = width * child.candidate / node.candidate;
            if (w >= MIN_PIXELS) {
                draw(child, childX, w, level + 1, baseTotal, candidateTotal, out, depth);
            }
            childX += w;
        }
    }

    /** Red for growth, blue for shrinkage, saturating at 20 points of share; grey for no change. */
    static String colour(double change) {
        double t = Math.min(1, Math.abs(change) / 0.2);
        int strong = (int) Math.round(220 + 15 * t);
        int weak = (int) Math.round(220 - 140 * t);
        return change >= 0 ? String.format(Locale.ROOT, "rgb(%d,%d,%d)", strong, weak, weak)
                : String.format(Locale.ROOT, "rgb(%d,%d,%d)", weak, weak, strong);
    }
}
