package io.perfgate.gate;

import io.perfgate.results.BenchmarkId;
import io.perfgate.results.BenchmarkResult;
import io.perfgate.results.PerfResults;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The current results paired with the baseline's, by benchmark key and mode (one benchmark run in two modes is two
 * results), and what does not pair: benchmarks new since the baseline, benchmarks of the baseline that did not run,
 * benchmarks a rule ignores, and results listed twice (the first is compared).
 *
 * <p>The one home of "which result is which": the gate judges these pairs, {@code perf:compare}'s stop rule watches
 * them and its rounds gather each fork into the result of the same {@link BenchmarkResult#id()}. Were any of them to
 * pair by key alone, a benchmark measured in two modes would be stopped, or judged, on the other mode's forks.
 */
public final class BenchmarkPairing {
    /** One benchmark measured on both sides, with the settings in force for it. */
    public static final class Pair {
        final BenchmarkResult baseline;
        final BenchmarkResult current;
        final BenchmarkSettings settings;

        private Pair(BenchmarkResult baseline, BenchmarkResult current, BenchmarkSettings settings) {
            this.baseline = baseline;
            this.current = current;
            this.settings = settings;
        }

        public BenchmarkResult baseline() {
            return baseline;
        }

        public BenchmarkResult current() {
            return current;
        }

        /** The settings in force for it (a rule's, else the global ones); never an ignoring rule's. */
        public BenchmarkSettings settings() {
            return settings;
        }
    }

    final List<Pair> pairs;
    final List<BenchmarkRef> added;
    final List<BenchmarkRef> missing;
    final List<BenchmarkRef> ignored;
    /** Notes for the report, one per result the current results hold more than once. */
    final List<String> duplicates;

    private BenchmarkPairing(List<Pair> pairs, List<BenchmarkRef> added, List<BenchmarkRef> missing,
            List<BenchmarkRef> ignored, List<String> duplicates) {
        this.pairs = Collections.unmodifiableList(pairs);
        this.added = Collections.unmodifiableList(added);
        this.missing = Collections.unmodifiableList(missing);
        this.ignored = Collections.unmodifiableList(ignored);
        this.duplicates = Collections.unmodifiableList(duplicates);
    }

    static BenchmarkPairing of(PerfResults baseline, PerfResults current, GateSettings settings) {
        return of(baseline.benchmarks(), current.benchmarks(), settings);
    }

    /** Pairs the {@code current} results with the {@code baseline}'s, leaving out those a rule ignores. */
    public static BenchmarkPairing of(List<BenchmarkResult> baseline, List<BenchmarkResult> current,
            GateSettings settings) {
        Map<BenchmarkId, BenchmarkResult> baselineById = new LinkedHashMap<>();
        for (BenchmarkResult b : baseline) {
            baselineById.putIfAbsent(b.id(), b);
        }
        Set<BenchmarkId> seen = new LinkedHashSet<>();
        List<Pair> pairs = new ArrayList<>();
        List<BenchmarkRef> added = new ArrayList<>();
        List<BenchmarkRef> missing = new ArrayList<>();
        List<BenchmarkRef> ignored = new ArrayList<>();
        List<String> duplicates = new ArrayList<>();
        for (BenchmarkResult cur : current) {
            BenchmarkId id = cur.id();
            if (!seen.add(id)) {
                duplicates.add("The current results hold " + id + " more than once; only the first is compared.");
                continue;
            }
            BenchmarkSettings bs = settings.forBenchmark(cur.key());
            if (bs.ignored()) {
                ignored.add(BenchmarkRef.of(cur));
                continue;
            }
            BenchmarkResult base = baselineById.get(id);
            if (base == null) {
                added.add(BenchmarkRef.of(cur));
                continue;
            }
            pairs.add(new Pair(base, cur, bs));
        }
        for (BenchmarkResult base : baseline) {
            if (!seen.contains(base.id()) && !settings.forBenchmark(base.key()).ignored()) {
                missing.add(BenchmarkRef.of(base));
                seen.add(base.id());
            }
        }
        return new BenchmarkPairing(pairs, added, missing, ignored, duplicates);
    }

    /** The benchmarks measured on both sides, in the order of the current results. */
    public List<Pair> pairs() {
        return pairs;
    }
}
