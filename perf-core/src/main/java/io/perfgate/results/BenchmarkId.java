package io.perfgate.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Which benchmark a result is: its name, its parameter values and its mode. JMH runs one benchmark method in two modes
 * as two results with the same name and parameters, so the mode is part of the identity: whatever pairs, looks up,
 * stores or names results does so by this value, never by the name and parameters alone.
 *
 * <p>Three forms as text: {@link #key()} (name and parameters, what per-benchmark rules match), {@link #toString()}
 * (the key and the mode, as messages name a result) and {@link #storedKey()} (the same, escaped so that
 * {@link #parse} gives the id back, for files that key entries by a string).
 */
public final class BenchmarkId implements Comparable<BenchmarkId> {
    /** The characters {@link #storedKey()} escapes with a backslash: they separate its parts. */
    private static final String SEPARATORS = "\\:,=[]";

    private final String name;
    private final Map<String, String> params;
    private final String mode;

    private BenchmarkId(String name, Map<String, String> params, String mode) {
        this.name = Objects.requireNonNull(name, "name");
        this.params = Collections.unmodifiableMap(new TreeMap<>(params));
        this.mode = Objects.requireNonNull(mode, "mode");
    }

    /** The benchmark {@code name} with these parameter values (in any order), measured in {@code mode}. */
    public static BenchmarkId of(String name, Map<String, String> params, String mode) {
        return new BenchmarkId(name, Objects.requireNonNull(params, "params"), mode);
    }

    /** The benchmark's full name, e.g. {@code com.acme.ParserBench.parse}, or a scenario's id. */
    public String name() {
        return name;
    }

    /** Parameter values, sorted by name. */
    public Map<String, String> params() {
        return params;
    }

    /** The JMH mode ({@code thrpt}, {@code avgt}, {@code sample}, {@code ss}), or a scenario's. */
    public String mode() {
        return mode;
    }

    /**
     * Name and parameters without the mode, e.g. {@code a.B.m:size=10,type=x}: what per-benchmark rules and
     * {@code perf.includes} patterns match. Not an identity: both modes of a benchmark have the same key.
     */
    public String key() {
        return BenchmarkResult.key(name, params);
    }

    /**
     * The benchmark as tables name it: {@code ParserBench.parse (size=10)}, the class and method of a JMH benchmark
     * ({@code kind} {@value BenchmarkResult#KIND_JMH}), a scenario's whole id. Without the mode: a report adds it
     * where one benchmark ran in two modes.
     */
    public String displayName(String kind) {
        return BenchmarkResult.displayName(kind, name, params);
    }

    /**
     * {@code name} (a display name of this benchmark) with the mode after it, {@code ParserBench.parse [avgt]}: how a
     * table or a message tells apart the results of a benchmark run in several modes.
     */
    public String withMode(String name) {
        return name + " [" + mode + "]";
    }

    /**
     * The string a file keys this benchmark's entry by, e.g. {@code a.B.m:size=10 [avgt]}: the {@link #toString()}
     * form, with a backslash before each {@code \ : , = [ ]} of the name and parameters so that {@link #parse} reads
     * it back whatever the values hold.
     */
    public String storedKey() {
        StringBuilder sb = new StringBuilder();
        escape(name, sb);
        String sep = ":";
        for (Map.Entry<String, String> e : params.entrySet()) {
            sb.append(sep);
            escape(e.getKey(), sb);
            sb.append('=');
            escape(e.getValue(), sb);
            sep = ",";
        }
        sb.append(" [");
        escape(mode, sb);
        return sb.append(']').toString();
    }

    /**
     * The id a {@link #storedKey()} names; empty when {@code stored} is not one, among them the keys files wrote
     * before the mode was part of them ({@code a.B.m:size=10}).
     */
    public static Optional<BenchmarkId> parse(String stored) {
        if (stored == null || !stored.endsWith("]")) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        List<Character> separators = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        for (int i = 0; i < stored.length(); i++) {
            char ch = stored.charAt(i);
            if (ch == '\\') {
                if (++i == stored.length()) {
                    return Optional.empty();
                }
                part.append(stored.charAt(i));
            } else if (SEPARATORS.indexOf(ch) >= 0) {
                parts.add(part.toString());
                separators.add(ch);
                part.setLength(0);
            } else {
                part.append(ch);
            }
        }
        // name (':' p '=' v (',' p '=' v)*)? ' [' mode ']' leaves parts name, p, v, ..., "", mode, ""
        int n = separators.size();
        if (!part.toString().isEmpty() || n < 2 || separators.get(n - 1) != ']' || separators.get(n - 2) != '['
                || !parts.get(n - 2).endsWith(" ")) {
            return Optional.empty();
        }
        String mode = parts.get(n - 1);
        String last = parts.get(n - 2);
        parts.set(n - 2, last.substring(0, last.length() - 1));
        Map<String, String> params = new TreeMap<>();
        for (int i = 1; i < n - 1; i += 2) {
            char before = separators.get(i - 1);
            if (before != (i == 1 ? ':' : ',') || separators.get(i) != '=' || params.put(parts.get(i),
                    parts.get(i + 1)) != null) {
                return Optional.empty();
            }
        }
        if (n % 2 != 0 || parts.get(0).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new BenchmarkId(parts.get(0), params, mode));
    }

    /**
     * The id of a benchmark a file names by its {@link #key()} and mode in two fields (the lists of a report.json),
     * read as best it can be: the name up to the first {@code :}, then {@code name=value} pairs split at {@code ,},
     * where a part without {@code =} belongs to the value before it (a value may hold a comma). Prefer the
     * name and parameters where the file holds them apart.
     */
    public static BenchmarkId ofKey(String key, String mode) {
        int colon = key.indexOf(':');
        if (colon < 0 || key.indexOf('=', colon) < 0) {
            return new BenchmarkId(key, Collections.emptyMap(), mode);
        }
        Map<String, String> params = new TreeMap<>();
        String last = null;
        for (String part : key.substring(colon + 1).split(",", -1)) {
            int eq = part.indexOf('=');
            if (eq > 0 && !params.containsKey(part.substring(0, eq))) {
                last = part.substring(0, eq);
                params.put(last, part.substring(eq + 1));
            } else if (last != null) {
                params.put(last, params.get(last) + "," + part);
            } else {
                return new BenchmarkId(key, Collections.emptyMap(), mode);
            }
        }
        return new BenchmarkId(key.substring(0, colon), params, mode);
    }

    private static void escape(String text, StringBuilder sb) {
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (SEPARATORS.indexOf(ch) >= 0) {
                sb.append('\\');
            }
            sb.append(ch);
        }
    }

    /** By key, then mode: the order reports and stored files list benchmarks in. */
    @Override
    public int compareTo(BenchmarkId other) {
        int byKey = key().compareTo(other.key());
        if (byKey != 0) {
            return byKey;
        }
        int byMode = mode.compareTo(other.mode);
        return byMode != 0 ? byMode : storedKey().compareTo(other.storedKey());
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof BenchmarkId)) {
            return false;
        }
        BenchmarkId other = (BenchmarkId) o;
        return name.equals(other.name) && params.equals(other.params) && mode.equals(other.mode);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, params, mode);
    }

    /** {@code a.B.m:size=10 [avgt]}: the result as messages and logs name it. */
    @Override
    public String toString() {
        return withMode(key());
    }
}
