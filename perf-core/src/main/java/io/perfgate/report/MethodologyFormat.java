package io.perfgate.report;

import java.util.Locale;

/** The markups a methodology block is written in, with the file extension of each. */
public enum MethodologyFormat {
    /** JIRA wiki markup: {@code ||} header cells, {@code {noformat}} for the command. */
    JIRA("jira", "jira"),
    /** GitHub-flavoured Markdown: pipe tables, a fenced block for the command. */
    MARKDOWN("markdown", "md"),
    /** Plain text with aligned columns, for e-mail and terminals. */
    TEXT("text", "txt");

    private final String id;
    private final String extension;

    MethodologyFormat(String id, String extension) {
        this.id = id;
        this.extension = extension;
    }

    /** The value of {@code perf.format}. */
    public String id() {
        return id;
    }

    /** The file extension, without the dot. */
    public String extension() {
        return extension;
    }

    public MethodologyRenderer renderer() {
        switch (this) {
            case MARKDOWN:
                return new MarkdownMethodologyRenderer();
            case TEXT:
                return new TextMethodologyRenderer();
            default:
                return new JiraMethodologyRenderer();
        }
    }

    /**
     * Reads a {@code perf.format} value: {@code jira}, {@code markdown} (or {@code md}), {@code text} (or
     * {@code txt}), in any case.
     *
     * @throws IllegalArgumentException naming the value and the accepted ones
     */
    public static MethodologyFormat parse(String value) {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        for (MethodologyFormat f : values()) {
            if (f.id.equals(v) || f.extension.equals(v)) {
                return f;
            }
        }
        throw new IllegalArgumentException("'" + value + "' is not a methodology format; use jira, markdown or text");
    }
}
