package io.perfgate.jmh;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The parameter values one JMH launch runs a benchmark with, and the {@code -p} arguments that ask JMH for exactly
 * them: the one place where the benchmark's {@code @Param} values, the user's {@code perf.params} and a profiling
 * fork's single combination meet.
 *
 * <p>JMH gathers the values of every {@code -p} of a name into one list, repeats included, and splits each value
 * list at commas (the name ends at the first {@code =}, so a value may hold one). A name given twice therefore runs
 * its combinations twice, and the results then list one benchmark twice. So each name gets at most one {@code -p},
 * and only a name the benchmark declares: the annotation's values need none, JMH reads them itself.
 */
public final class BenchmarkParameters {
    /** What JMH splits a {@code -p} value list at: a value holding it cannot be passed. */
    private static final String VALUE_SEPARATOR = ",";

    /** The benchmark's {@code @Param} values by name; an empty list where the annotation leaves them to JMH. */
    private final Map<String, List<String>> declared;
    /** The values given with {@code -p}, by declared name, in the order they were given. */
    private final Map<String, List<String>> passed;

    private BenchmarkParameters(Map<String, List<String>> declared, Map<String, List<String>> passed) {
        this.declared = declared;
        this.passed = passed;
    }

    /**
     * The parameters of a benchmark that declares {@code declared} ({@code @Param} values by name), run with the
     * user's values {@code user} ({@code perf.params}) for the names it declares; the user's other names belong to
     * other benchmarks of the run.
     */
    public static BenchmarkParameters of(Map<String, List<String>> declared, Map<String, List<String>> user) {
        Map<String, List<String>> passed = new LinkedHashMap<>();
        user.forEach((name, values) -> {
            if (declared.containsKey(name)) {
                passed.put(name, Collections.unmodifiableList(new ArrayList<>(values)));
            }
        });
        return new BenchmarkParameters(Collections.unmodifiableMap(new TreeMap<>(declared)),
                Collections.unmodifiableMap(passed));
    }

    /**
     * These parameters narrowed to one combination of values, as a result names it (what a profiling fork runs):
     * each value of a name the benchmark declares replaces the values run, the user's included. A value with a
     * comma cannot be given with {@code -p} (JMH would split it); it can only be one of the annotation's, so the
     * annotation's values run, all of them, that one among them. Names the benchmark lacks (a parameter the other
     * side of a comparison has) are left out.
     */
    public BenchmarkParameters pinnedTo(Map<String, String> combination) {
        Map<String, List<String>> pinned = new LinkedHashMap<>(passed);
        new TreeMap<>(combination).forEach((name, value) -> {
            if (!declared.containsKey(name)) {
                return;
            }
            if (value.contains(VALUE_SEPARATOR)) {
                pinned.remove(name);
            } else {
                pinned.put(name, Collections.singletonList(value));
            }
        });
        return new BenchmarkParameters(declared, Collections.unmodifiableMap(pinned));
    }

    /** The values each declared parameter runs with, by name: the ones given with {@code -p}, else the annotation's. */
    public Map<String, List<String>> values() {
        Map<String, List<String>> values = new TreeMap<>(declared);
        values.putAll(passed);
        return Collections.unmodifiableMap(values);
    }

    /**
     * How many combinations of values JMH runs: 1 without parameters. A parameter whose values are left to JMH (an
     * enum or boolean {@code @Param} without values) counts as one value, so this is then the least JMH runs.
     */
    public int sets() {
        int sets = 1;
        for (List<String> values : values().values()) {
            sets *= Math.max(1, values.size());
        }
        return sets;
    }

    /**
     * Each combination of values JMH runs, as a result names it. One empty combination without parameters, or when
     * a parameter's values are left to JMH (nobody here knows them).
     */
    public List<Map<String, String>> combinations() {
        List<Map<String, String>> combinations = new ArrayList<>();
        combinations.add(new TreeMap<>());
        Map<String, List<String>> values = values();
        if (values.values().stream().anyMatch(List::isEmpty)) {
            return combinations;
        }
        for (Map.Entry<String, List<String>> p : values.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> c : combinations) {
                for (String v : p.getValue()) {
                    Map<String, String> m = new TreeMap<>(c);
                    m.put(p.getKey(), v);
                    next.add(m);
                }
            }
            combinations = next;
        }
        return combinations;
    }

    /** JMH's arguments for these values: one {@code -p name=value,value} per name given, none for the annotation's. */
    public List<String> arguments() {
        List<String> args = new ArrayList<>();
        passed.forEach((name, values) -> {
            args.add("-p");
            args.add(name + "=" + String.join(VALUE_SEPARATOR, values));
        });
        return args;
    }

    @Override
    public String toString() {
        return values().toString();
    }
}
