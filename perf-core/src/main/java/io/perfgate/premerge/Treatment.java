package io.perfgate.premerge;

import io.perfgate.config.PerfProperties;
import io.perfgate.jmh.CommandLines;
import io.perfgate.jmh.InvalidOptionException;
import io.perfgate.text.Ellipsis;
import io.perfgate.workspace.CompareException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One side of a comparison of several treatments against one baseline ({@code perf.treatments}): a name, the ref
 * it measures (a branch, tag or commit, or {@value #WORKING_TREE} for the working tree as it is) and the JVM
 * arguments of its forks alone. Immutable.
 *
 * <p>The text form, as {@link #parseAll} reads it: entries separated by newlines, {@code ;} or commas; each entry
 * {@code name=ref} (or just {@code ref}, named after it: {@code feature/x} is {@code feature-x}) followed by the side's JVM arguments, separated by spaces
 * and quoted as in a shell:
 * <pre>run1=main, run2=main, coders=main -Dorg.apache.avro.specific.use_custom_coders=true</pre>
 * In a JVM argument a comma ends the entry only when the next entry's {@code name=} follows it, so
 * {@code -XX:CompileCommand=exclude,a/B.c} stays one argument; an argument holding a comma followed by
 * {@code word=} (e.g. {@code -Dx=a,b=c}) needs quotes, or {@code ;} or new lines between the entries.
 */
public final class Treatment {
    /** The ref that names the working tree, uncommitted changes included. */
    public static final String WORKING_TREE = "WORKTREE";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    /**
     * The characters a side's name may have. A name becomes file names ({@code <name>-results.json}, a directory of
     * reports, the forks' work files) and a column of every table, so it is bounded and checked before anything is
     * built or measured: a longer one used to fail when the results were written, after all the rounds.
     */
    public static final int MAX_NAME = 100;
    /** An example entry in messages about the form of {@code perf.treatments}. */
    private static final String EXAMPLE = "\"patched=my-branch -Dx='a b'\"";
    /** What follows a comma in a JVM argument when the comma ends the entry: the next entry's {@code name=}. */
    private static final Pattern NEXT_ENTRY = Pattern.compile("\\s*[A-Za-z0-9][A-Za-z0-9._-]*=.*", Pattern.DOTALL);

    private final String name;
    private final String ref;
    private final List<String> jvmArgs;

    public Treatment(String name, String ref, List<String> jvmArgs) {
        this.name = Objects.requireNonNull(name, "name");
        this.ref = Objects.requireNonNull(ref, "ref");
        this.jvmArgs = Collections.unmodifiableList(new ArrayList<>(jvmArgs));
    }

    /** How reports and the log name the side. */
    public String name() {
        return name;
    }

    /** The ref as given; {@value #WORKING_TREE} for the working tree. */
    public String ref() {
        return ref;
    }

    /** Whether the side is the working tree ({@value #WORKING_TREE} or {@code .}). */
    public boolean workingTree() {
        return WORKING_TREE.equals(ref);
    }

    /** JVM arguments of this side's forks only, after {@code perf.jvmArgs}. */
    public List<String> jvmArgs() {
        return jvmArgs;
    }

    /** The entry as {@code perf.treatments} takes it back: {@code name=ref} and its arguments, shell-quoted. */
    public String entry() {
        List<String> parts = new ArrayList<>();
        parts.add(name + "=" + ref);
        parts.addAll(jvmArgs);
        return CommandLines.toShell(parts);
    }

    @Override
    public String toString() {
        return entry();
    }

    /**
     * The baseline of a comparison of treatments: {@code perf.against} as the ref, {@code perf.baselineName} as the
     * name (empty: the ref), {@code perf.baselineJvmArgs} as its own arguments.
     *
     * @throws CompareException when the name or the arguments are not of the accepted form
     */
    public static Treatment baseline(String name, String ref, String jvmArgs) throws CompareException {
        String r = normalRef(ref.trim());
        boolean named = name != null && !name.trim().isEmpty();
        String n = named ? name.trim() : r;
        if (n.length() > MAX_NAME) {
            throw new CompareException((named ? PerfProperties.BASELINE_NAME + " = '" + Ellipsis.of(n) + "' is "
                    : PerfProperties.BASELINE_NAME + " is empty, so the baseline takes the name of its ref ("
                            + PerfProperties.AGAINST + ") '" + Ellipsis.of(n) + "', which is ")
                    + tooLong(n) + "; set a shorter one, e.g. -D" + PerfProperties.BASELINE_NAME + "="
                    + PerfProperties.DEFAULT_BASELINE_NAME);
        }
        if (!NAME.matcher(n).matches()) {
            throw new CompareException(PerfProperties.BASELINE_NAME + " = '" + Ellipsis.of(name) + "' is not a name:"
                    + " use letters, digits, '.', '_' and '-', starting with a letter or digit (e.g. baseline)");
        }
        return new Treatment(n, r, arguments(jvmArgs == null ? "" : jvmArgs, PerfProperties.BASELINE_JVM_ARGS));
    }

    /**
     * Reads {@code perf.treatments}. Refuses an empty list, an entry without a ref, a name that is not of letters,
     * digits, {@code . _ -}, a name given twice or the baseline's name, and an argument that does not start with
     * {@code -}; each message names the entry.
     *
     * @param baselineName the baseline's name, which no treatment may take
     */
    public static List<Treatment> parseAll(String text, String baselineName) throws CompareException {
        List<Treatment> treatments = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        names.add(baselineName);
        for (String entry : entries(text == null ? "" : text)) {
            Treatment t = parse(entry);
            if (t.name.equals(baselineName)) {
                throw new CompareException(PerfProperties.TREATMENTS + " entry '" + Ellipsis.of(entry) + "': the name '"
                        + t.name
                        + "' is the baseline's (" + PerfProperties.BASELINE_NAME + "); give the treatment another name,"
                        + " e.g. " + t.name + "2=" + t.ref);
            }
            if (!names.add(t.name)) {
                throw new CompareException(PerfProperties.TREATMENTS + " entry '" + Ellipsis.of(entry) + "': the name '"
                        + t.name + "' is given twice; each side needs its own name (the same ref may appear under several,"
                        + " e.g. run1=" + t.ref + ", run2=" + t.ref + ")");
            }
            treatments.add(t);
        }
        if (treatments.isEmpty()) {
            throw new CompareException(PerfProperties.TREATMENTS + " holds no treatment; give at least one entry"
                    + " name=ref, e.g. -D" + PerfProperties.TREATMENTS + "=\"patched=my-branch\"");
        }
        return treatments;
    }

    /**
     * The entries of the text, blanks dropped: split at newlines and {@code ;}, and at commas, except inside quotes
     * and inside a JVM argument (a word starting with {@code -}) unless the next entry's {@code name=} follows.
     */
    static List<String> entries(String text) {
        List<String> entries = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        char quote = 0;
        boolean inArgument = false;
        boolean wordStart = true;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean split = false;
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '\n' || c == '\r' || c == ';') {
                split = true;
            } else if (c == ',') {
                split = !inArgument || NEXT_ENTRY.matcher(text.substring(i + 1)).matches();
            }
            if (split) {
                add(entries, current);
                inArgument = false;
                wordStart = true;
                continue;
            }
            if (quote == 0 && Character.isWhitespace(c)) {
                wordStart = true;
                inArgument = false;
            } else if (wordStart) {
                inArgument = c == '-';
                wordStart = false;
            }
            current.append(c);
        }
        add(entries, current);
        return entries;
    }

    private static void add(List<String> entries, StringBuilder entry) {
        if (!entry.toString().trim().isEmpty()) {
            entries.add(entry.toString().trim());
        }
        entry.setLength(0);
    }

    /** One entry: {@code name=ref arg...} or {@code ref arg...}. */
    static Treatment parse(String entry) throws CompareException {
        List<String> words = arguments(entry, PerfProperties.TREATMENTS, EXAMPLE);
        String head = words.isEmpty() ? "" : words.get(0);
        String shown = Ellipsis.of(entry);
        if (head.startsWith("-")) {
            throw new CompareException(PerfProperties.TREATMENTS + " entry '" + shown + "' starts with a JVM argument;"
                    + " write name=ref first, then the arguments: e.g. flag=main " + Ellipsis.of(head));
        }
        int eq = head.indexOf('=');
        // a ref alone names its side, its characters outside a name's made '-' (feature/x: feature-x)
        String name = eq < 0 ? head.replaceAll("[^A-Za-z0-9._-]", "-").replaceAll("^[._-]+", "")
                : head.substring(0, eq);
        String ref = eq < 0 ? head : head.substring(eq + 1);
        if (ref.isEmpty()) {
            throw new CompareException(PerfProperties.TREATMENTS + " entry '" + shown + "' has no ref after '"
                    + Ellipsis.of(name) + "='; give a branch, tag, commit or " + WORKING_TREE + " for the working tree");
        }
        if (name.length() > MAX_NAME) {
            throw new CompareException(PerfProperties.TREATMENTS + " entry '" + shown + "': the name"
                    + (eq < 0 ? ", made from the ref," : "") + " is " + tooLong(name) + "; give it a shorter"
                    + " name=ref, e.g. run1=" + Ellipsis.of(ref));
        }
        if (!NAME.matcher(name).matches()) {
            throw new CompareException(PerfProperties.TREATMENTS + " entry '" + shown + "': '" + name + "' is not a"
                    + " name; use letters, digits, '.', '_' and '-', starting with a letter or digit (e.g. run1=main)");
        }
        List<String> args = new ArrayList<>();
        for (String w : words.subList(1, words.size())) {
            if (!w.startsWith("-")) {
                throw new CompareException(PerfProperties.TREATMENTS + " entry '" + shown + "': '" + Ellipsis.of(w)
                        + "' is not a JVM argument (those start with -); separate entries with commas, ';' or new"
                        + " lines");
            }
            args.add(w);
        }
        return new Treatment(name, normalRef(ref), args);
    }

    private static String normalRef(String ref) {
        return ".".equals(ref) || WORKING_TREE.equals(ref.toUpperCase(Locale.ROOT)) ? WORKING_TREE : ref;
    }

    private static List<String> arguments(String text, String property) throws CompareException {
        List<String> args = arguments(text, property, "\"-Xmx1g -Dx='a b'\"");
        for (String a : args) {
            if (!a.startsWith("-")) {
                throw new CompareException(property + " = '" + Ellipsis.of(text) + "': '" + Ellipsis.of(a) + "' is not a"
                        + " JVM argument (those start with -)");
            }
        }
        return args;
    }

    /** The words of {@code text}, by the rule of every option of arguments ({@link CommandLines#option}). */
    private static List<String> arguments(String text, String property, String example) throws CompareException {
        try {
            return CommandLines.option(property, text, example);
        } catch (InvalidOptionException e) {
            throw new CompareException(e.getMessage(), e);
        }
    }

    /** "225 characters long, more than the 100 a name may have (...)". */
    private static String tooLong(String name) {
        return String.format(Locale.ROOT, "%,d characters long, more than the %d a name may have (it names the side's"
                + " files and its column in the tables)", name.length(), MAX_NAME);
    }
}
