package io.perfgate.jmh;

import io.perfgate.config.PerfProperties;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Which benchmarks perf:run runs and how: the benchmarks of the BenchmarkList that the includes and excludes
 * select (JMH's semantics: a pattern matches when it is found anywhere in the full name), each with its effective
 * options. Checks what only the list can tell: that the includes match something and that every
 * {@code perf.params} name belongs to a selected benchmark.
 */
public final class RunPlan {
    private final JmhOptions options;
    private final List<PlannedBenchmark> benchmarks;
    /**
     * Everything the options selected, which the settings describe: a shard runs part of it, and every shard
     * records the same settings, so that their results can be merged and compared with an unsharded baseline.
     */
    private final List<PlannedBenchmark> selection;

    private RunPlan(JmhOptions options, List<PlannedBenchmark> benchmarks, List<PlannedBenchmark> selection) {
        this.options = options;
        this.benchmarks = Collections.unmodifiableList(benchmarks);
        this.selection = Collections.unmodifiableList(selection);
    }

    /**
     * Plans the run of the benchmarks in {@code entries} that {@code options} select.
     *
     * @throws InvalidOptionException when the includes select nothing (the message lists what exists), or
     *     {@code perf.params} names a parameter no selected benchmark has
     */
    public static RunPlan create(JmhOptions options, List<BenchmarkEntry> entries) throws InvalidOptionException {
        List<Pattern> includes = compile(options.includes());
        List<Pattern> excludes = compile(options.excludes());
        Map<String, List<BenchmarkEntry>> selected = new TreeMap<>();
        Set<String> all = new TreeSet<>();
        for (BenchmarkEntry e : entries) {
            all.add(e.name());
            if (selects(includes, excludes, e.name())) {
                selected.computeIfAbsent(e.name(), k -> new ArrayList<>()).add(e);
            }
        }
        if (selected.isEmpty()) {
            throw new InvalidOptionException(noMatch(options, all));
        }
        List<String> problems = new ArrayList<>();
        Set<String> declared = new TreeSet<>();
        for (List<BenchmarkEntry> list : selected.values()) {
            BenchmarkEntry e = list.get(0);
            declared.addAll(e.params().keySet());
            for (Map.Entry<String, List<String>> p : e.params().entrySet()) {
                if (p.getValue().isEmpty() && !options.params().containsKey(p.getKey())) {
                    problems.add(e.name() + " declares @Param " + p.getKey() + " without values; give them with -D"
                            + PerfProperties.PARAMS + "=" + p.getKey() + "=value,value");
                }
            }
        }
        for (String name : options.params().keySet()) {
            if (!declared.contains(name)) {
                problems.add(PerfProperties.PARAMS + " sets '" + name + "', which no selected benchmark declares"
                        + " with @Param; " + (declared.isEmpty() ? "they declare none"
                                : "they declare " + String.join(", ", declared)));
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidOptionException(problems);
        }
        List<PlannedBenchmark> planned = new ArrayList<>();
        for (List<BenchmarkEntry> list : selected.values()) {
            planned.add(new PlannedBenchmark(options, list));
        }
        return new RunPlan(options, planned, planned);
    }

    private static List<Pattern> compile(List<String> patterns) {
        List<Pattern> compiled = new ArrayList<>();
        for (String p : patterns) {
            compiled.add(Pattern.compile(p));
        }
        return compiled;
    }

    private static boolean selects(List<Pattern> includes, List<Pattern> excludes, String name) {
        boolean included = includes.isEmpty() || includes.stream().anyMatch(p -> p.matcher(name).find());
        return included && excludes.stream().noneMatch(p -> p.matcher(name).find());
    }

    private static String noMatch(JmhOptions options, Set<String> all) {
        StringBuilder sb = new StringBuilder();
        if (options.includes().isEmpty()) {
            sb.append(PerfProperties.EXCLUDES).append('=').append(String.join(",", options.excludes()))
                    .append(" excludes every benchmark");
        } else {
            sb.append(PerfProperties.INCLUDES).append('=').append(String.join(",", options.includes()))
                    .append(" matches no benchmark")
                    .append(options.excludes().isEmpty() ? "" : " that " + PerfProperties.EXCLUDES + "="
                            + String.join(",", options.excludes()) + " leaves");
        }
        sb.append(" (each pattern is a regular expression searched for in the full name, as JMH does). The ")
                .append(all.size()).append(all.size() == 1 ? " benchmark is:" : " benchmarks are:");
        for (String name : all) {
            sb.append(System.lineSeparator()).append("  ").append(name);
        }
        return sb.toString();
    }

    /** This plan with only the benchmarks named in {@code names} (one shard of the suite), in the same order. */
    public RunPlan only(java.util.Collection<String> names) {
        List<PlannedBenchmark> kept = new ArrayList<>();
        for (PlannedBenchmark b : benchmarks) {
            if (names.contains(b.name())) {
                kept.add(b);
            }
        }
        return new RunPlan(options, kept, selection);
    }

    public JmhOptions options() {
        return options;
    }

    /** The selected benchmarks, sorted by name. */
    public List<PlannedBenchmark> benchmarks() {
        return benchmarks;
    }

    /**
     * The benchmarks grouped into JMH launches: those with equal JMH arguments, forks and timeout share one
     * launch (one JVM start less each, and JMH's own order inside); the groups keep the plan's order.
     */
    public List<List<PlannedBenchmark>> launches() {
        Map<List<Object>, List<PlannedBenchmark>> groups = new LinkedHashMap<>();
        for (PlannedBenchmark b : benchmarks) {
            List<Object> key = java.util.Arrays.asList(b.jmhArguments(), b.forks().value(), b.timeout());
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(b);
        }
        return new ArrayList<>(groups.values());
    }

    /** Every fork of the run, warmup forks included. */
    public int totalForks() {
        int forks = 0;
        for (PlannedBenchmark b : benchmarks) {
            forks += b.runs() * b.forksPerRun();
        }
        return forks;
    }

    public Duration expected() {
        Duration total = Duration.ZERO;
        for (PlannedBenchmark b : benchmarks) {
            total = total.plus(b.expected());
        }
        return total;
    }

    /**
     * The effective options by property name, for results.json. A run-shape option that differs between
     * benchmarks (because of their annotations) lists each value with its benchmarks. They describe the whole
     * selection, also in a plan {@linkplain #only restricted} to one shard.
     */
    public Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(PerfProperties.INCLUDES, options.includes().isEmpty() ? JmhOptions.ALL
                : String.join(",", options.includes()));
        s.put(PerfProperties.EXCLUDES, orNone(String.join(",", options.excludes())));
        s.put(PerfProperties.FORKS, effective(b -> b.forks().value().toString()));
        s.put(PerfProperties.WARMUP_ITERATIONS, effective(b -> b.warmupIterations().value().toString()));
        s.put(PerfProperties.WARMUP_TIME, effective(b -> b.warmupTime().value().toString()));
        s.put(PerfProperties.MEASUREMENT_ITERATIONS, effective(b -> b.measurementIterations().value().toString()));
        s.put(PerfProperties.MEASUREMENT_TIME, effective(b -> b.measurementTime().value().toString()));
        s.put(PerfProperties.MODE, effective(b -> b.mode().value()));
        s.put(PerfProperties.TIME_UNIT, effective(b -> b.timeUnit().value()));
        s.put(PerfProperties.THREADS, effective(b -> b.threads().value()));
        StringBuilder params = new StringBuilder();
        options.params().forEach((k, v) -> params.append(params.length() == 0 ? "" : ";").append(k).append('=')
                .append(String.join(",", v)));
        s.put(PerfProperties.PARAMS, orNone(params.toString()));
        s.put(PerfProperties.JVM_ARGS, orNone(CommandLines.join(options.jvmArgs())));
        s.put(PerfProperties.PROFILERS, options.profilers().isEmpty() ? JmhOptions.NONE
                : String.join(",", options.profilers()));
        s.put(PerfProperties.TIMEOUT, options.userSettings().getOrDefault(PerfProperties.TIMEOUT, JmhOptions.AUTO));
        s.put(PerfProperties.JMH_ARGS, orNone(CommandLines.join(options.jmhArgs())));
        return s;
    }

    private static String orNone(String value) {
        return value.isEmpty() ? JmhOptions.NONE : value;
    }

    private String effective(Function<PlannedBenchmark, String> value) {
        Map<String, List<String>> byValue = new LinkedHashMap<>();
        for (PlannedBenchmark b : selection) {
            byValue.computeIfAbsent(value.apply(b), k -> new ArrayList<>()).add(b.name());
        }
        if (byValue.size() == 1) {
            return byValue.keySet().iterator().next();
        }
        StringBuilder sb = new StringBuilder();
        byValue.forEach((v, names) -> sb.append(sb.length() == 0 ? "" : "; ").append(v).append(" for ")
                .append(String.join(", ", names)));
        return sb.toString();
    }
}
