package io.perfgate.affected;

import io.perfgate.text.CommitIds;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code perf.affected} by the map of the code each benchmark ran ({@link ExecutedCode}, recorded on main by
 * {@code perf:record}): a benchmark is selected when a method it ran, in any parameter set, is one the patch changes
 * ({@link ChangedMethods}). Unlike the class analysis ({@link AffectedBenchmarks}) it sees through reflection,
 * service loading and lambdas, because it reads what ran rather than what the code names.
 *
 * <p>Where the map cannot tell, the benchmark is selected and says why: it is new in the patch, or the map has no
 * record of what it ran (added after the map's commit, or its recording failed). A changed resource or dependency
 * selects every benchmark, as in the class analysis.
 */
public final class ExecutedCodeSelection {
    /** Why a benchmark the base does not have is selected, whichever analysis selects. */
    public static final String NEW_IN_PATCH = "new in the patch (not in the base), always selected";

    private ExecutedCodeSelection() {
    }

    /**
     * @param benchmarks the benchmarks to select from, in order
     * @param added those of them the base does not have: always selected
     * @param map what each benchmark ran, at {@code map.commit()}
     * @param changed what the patch changes
     */
    public static AffectedBenchmarks.Selection select(List<String> benchmarks, Collection<String> added,
            ExecutedCode map, ChangedMethods changed) {
        AffectedBenchmarks.Selection selection = new AffectedBenchmarks.Selection();
        selection.byExecutedCode = true;
        selection.changed.addAll(changed.describe());
        String recorded = "map of " + CommitIds.abbreviate(map.commit());
        for (String benchmark : benchmarks) {
            if (added.contains(benchmark)) {
                selection.selected.put(benchmark, NEW_IN_PATCH);
            } else if (changed.everything() != null) {
                selection.selected.put(benchmark, changed.everything());
            } else if (!map.covers(benchmark)) {
                selection.selected.put(benchmark, "no record of what it ran (" + recorded + "): added since, or"
                        + " its recording failed");
            } else {
                Set<ExecutedCode.Method> ran = map.methodsOf(benchmark);
                Set<ExecutedCode.Method> hit = new TreeSet<>();
                for (ExecutedCode.Method m : ran) {
                    if (changed.changes(m)) {
                        hit.add(m);
                    }
                }
                if (hit.isEmpty()) {
                    selection.skipped.put(benchmark, "ran " + ran.size() + (ran.size() == 1 ? " method" : " methods")
                            + " of the project, none changed (" + recorded + ")");
                } else {
                    // a method whose own body changed says most about why: named before one that counts through a
                    // change of its class
                    ExecutedCode.Method first = hit.stream().filter(m -> !changed.classes().containsKey(m.owner()))
                            .findFirst().orElse(hit.iterator().next());
                    selection.selected.put(benchmark, "runs " + first.displayName() + ", " + changed.why(first)
                            + (hit.size() > 1 ? ", and " + (hit.size() - 1) + " more changed"
                                    + (hit.size() == 2 ? " method" : " methods") : "") + " (" + recorded + ")");
                    selection.distance.put(benchmark, 0);
                }
            }
        }
        return selection;
    }
}
