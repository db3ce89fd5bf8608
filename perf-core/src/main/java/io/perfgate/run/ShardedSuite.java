package io.perfgate.run;

import io.perfgate.config.PerfProperties;
import io.perfgate.jmh.ForkTimes;
import io.perfgate.jmh.PlannedBenchmark;
import io.perfgate.jmh.RunPlan;
import io.perfgate.scenariorunner.ScenarioDefinition;
import io.perfgate.scenariorunner.ScenarioTimes;
import io.perfgate.shard.Shard;
import io.perfgate.text.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The part of a run's selection that one shard measures: the selected benchmarks and scenarios, dealt out by
 * {@link Shard#select} with their expected times. A benchmark weighs what its forks took as the baseline recorded
 * them, times the forks its plan runs ({@link ForkTimes}), or else what its plan expects (forks, iterations,
 * parameter values); a scenario what its JVMs took as the baseline recorded them ({@link ScenarioTimes}).
 */
final class ShardedSuite {
    final RunPlan plan;
    final List<ScenarioDefinition> scenarios;
    private final String description;

    private ShardedSuite(RunPlan plan, List<ScenarioDefinition> scenarios, String description) {
        this.plan = plan;
        this.scenarios = scenarios;
        this.description = description;
    }

    /** This shard's part of {@code plan} (null when there are no benchmarks) and {@code scenarios}. */
    static ShardedSuite of(Shard shard, RunPlan plan, ForkTimes forkTimes, List<ScenarioDefinition> scenarios,
            ScenarioTimes times) {
        List<Unit> units = units(plan, forkTimes, scenarios, times);
        List<Unit> mine = shard.select(units, Unit::name, Unit::seconds);
        Set<String> benchmarks = new HashSet<>();
        List<ScenarioDefinition> myScenarios = new ArrayList<>();
        List<String> names = new ArrayList<>();
        Duration total = Duration.ZERO;
        Duration own = Duration.ZERO;
        for (Unit u : units) {
            total = total.plus(u.expected);
        }
        for (Unit u : mine) {
            own = own.plus(u.expected);
            names.add(u.name);
            if (u.scenario == null) {
                benchmarks.add(u.name);
            } else {
                myScenarios.add(u.scenario);
            }
        }
        String description = "Shard " + shard + " (" + PerfProperties.SHARD + "): " + mine.size() + " of "
                + units.size() + (units.size() == 1 ? " benchmark or scenario" : " benchmarks and scenarios")
                + ", about " + Durations.format(own) + " of the suite's " + Durations.format(total)
                + (names.isEmpty() ? "; nothing to run here, as there are fewer than " + shard.total()
                        + " of them" : ": " + String.join(", ", names));
        return new ShardedSuite(plan == null ? null : plan.only(benchmarks), myScenarios, description);
    }

    /** The benchmarks of {@code plan} (may be null) and the {@code scenarios}, each with its expected time. */
    static List<Unit> units(RunPlan plan, ForkTimes forkTimes, List<ScenarioDefinition> scenarios,
            ScenarioTimes times) {
        List<Unit> units = new ArrayList<>();
        if (plan != null) {
            for (PlannedBenchmark b : plan.benchmarks()) {
                units.add(new Unit(b.name(), forkTimes.expected(plan, b), null));
            }
        }
        for (ScenarioDefinition s : scenarios) {
            units.add(new Unit(ScenarioDefinition.SUITE_PREFIX + s.getId(), times.run(s), s));
        }
        return units;
    }

    /** One line for the log: what this shard runs, and its expected share of the suite's time. */
    String describe() {
        return description;
    }

    /** A benchmark or scenario, as shards and the budget weigh it. */
    static final class Unit {
        final String name;
        final Duration expected;
        final ScenarioDefinition scenario;

        Unit(String name, Duration expected, ScenarioDefinition scenario) {
            this.name = name;
            this.expected = expected;
            this.scenario = scenario;
        }

        String name() {
            return name;
        }

        double seconds() {
            return expected.toMillis() / 1000.0;
        }
    }
}
