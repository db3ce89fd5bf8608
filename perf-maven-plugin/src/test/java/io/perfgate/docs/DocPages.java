package io.perfgate.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The pages a user reads, as the tests in this package see them: the top-level README and every page of the site.
 * Paths are relative to the plugin module's directory, where Surefire runs the tests.
 */
final class DocPages {
    static final Path ROOT = Paths.get("..");
    static final Path README = ROOT.resolve("README.md");
    static final Path SITE = ROOT.resolve("src/site/markdown");
    /** The example's own README: held to the same version and names, not to the command rule. */
    static final Path EXAMPLE_README = ROOT.resolve("examples/quickstart/README.md");

    /** The line that marks the fenced block right after it as illustrative: not run by any test. */
    static final String ILLUSTRATIVE = "<!-- illustrative -->";
    /**
     * How the line that marks the fenced block right after it as rehearsed starts ({@code <!-- rehearsed: NAME -->}):
     * {@code .ci/rehearse-recipes} runs it as a fresh CI runner would, so no invoker IT has to.
     */
    static final String REHEARSED = "<!-- rehearsed: ";

    private DocPages() {
    }

    /** README.md, then the site's pages in path order, those in the folders of each kind of page included. */
    static List<Path> pages() {
        List<Path> pages = new ArrayList<>();
        pages.add(README);
        try (Stream<Path> site = Files.walk(SITE)) {
            pages.addAll(site.filter(p -> p.toString().endsWith(".md")).sorted().collect(Collectors.toList()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pages;
    }

    /** {@link #pages()} and the example's README. */
    static List<Path> pagesAndExample() {
        List<Path> pages = pages();
        pages.add(EXAMPLE_README);
        return pages;
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A page's name as a message shows it, relative to the repository's top. */
    static String name(Path page) {
        return ROOT.toAbsolutePath().normalize().relativize(page.toAbsolutePath().normalize()).toString();
    }

    /** The project's version: the parent POM's own {@code <version>}, the first after its {@code <artifactId>}. */
    static String projectVersion() {
        String pom = read(ROOT.resolve("pom.xml"));
        Matcher m = Pattern.compile("<artifactId>perf-parent</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
        if (!m.find()) {
            throw new IllegalStateException("no <version> after <artifactId>perf-parent</artifactId> in ../pom.xml");
        }
        return m.group(1).trim();
    }

    /** A fenced code block of a page. */
    static final class Fence {
        final Path page;
        /** 1-based line of the opening fence. */
        final int line;
        /** The info string after the backticks, e.g. {@code sh}; empty when there is none. */
        final String language;
        final List<String> body;
        /** Whether the last non-blank line before the fence is {@link #ILLUSTRATIVE}. */
        final boolean illustrative;
        /** Whether the line right before the fence starts with {@link #REHEARSED}. */
        final boolean rehearsed;

        Fence(Path page, int line, String language, List<String> body, boolean illustrative, boolean rehearsed) {
            this.page = page;
            this.line = line;
            this.language = language;
            this.body = body;
            this.illustrative = illustrative;
            this.rehearsed = rehearsed;
        }

        boolean isShell() {
            return language.equals("sh") || language.equals("bash") || language.equals("shell");
        }

        String where() {
            return name(page) + ":" + line;
        }
    }

    private static final Pattern FENCE = Pattern.compile("^(\\s*)(`{3,})\\s*([A-Za-z0-9_+-]*)\\s*$");

    /**
     * The fenced blocks of a page, outermost only: a block opened with four backticks closes only at four, so a
     * {@code ```sh} inside a {@code ````markdown} example is part of that example.
     */
    static List<Fence> fences(Path page) {
        List<String> lines = read(page).lines().collect(Collectors.toList());
        List<Fence> fences = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) {
                i++;
                continue;
            }
            int ticks = open.group(2).length();
            String language = open.group(3);
            int start = i;
            List<String> body = new ArrayList<>();
            i++;
            while (i < lines.size()) {
                String trimmed = lines.get(i).trim();
                if (trimmed.matches("`{" + ticks + ",}")) {
                    break;
                }
                body.add(lines.get(i));
                i++;
            }
            i++;
            int before = start - 1;
            while (before >= 0 && lines.get(before).trim().isEmpty()) {
                before--;
            }
            boolean illustrative = before >= 0 && lines.get(before).trim().equals(ILLUSTRATIVE);
            boolean rehearsed = start > 0 && lines.get(start - 1).startsWith(REHEARSED);
            fences.add(new Fence(page, start + 1, language, body, illustrative, rehearsed));
        }
        return fences;
    }

    /**
     * The command lines of a shell block: continuation lines joined, comments and blank lines dropped.
     */
    static List<String> commands(Fence fence) {
        List<String> commands = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String raw : fence.body) {
            String line = stripComment(raw).trim();
            if (line.isEmpty() && current.length() == 0) {
                continue;
            }
            boolean continues = line.endsWith("\\");
            if (continues) {
                line = line.substring(0, line.length() - 1).trim();
            }
            if (current.length() > 0 && !line.isEmpty()) {
                current.append(' ');
            }
            current.append(line);
            if (!continues) {
                if (current.length() > 0) {
                    commands.add(current.toString());
                }
                current.setLength(0);
            }
        }
        if (current.length() > 0) {
            commands.add(current.toString());
        }
        return commands;
    }

    /** The line without a shell comment: a {@code #} at the start or after a blank, outside quotes. */
    static String stripComment(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    /** Words of a command line as a shell splits them: quotes group and are removed; nothing is expanded. */
    static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
