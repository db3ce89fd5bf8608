package io.perfgate.gate;

import io.perfgate.stats.Direction;
import io.perfgate.stats.Thresholds;
import java.util.Objects;

/** The settings in force for one benchmark: the global ones, or those of the first rule that matches it. */
public final class BenchmarkSettings {
    private final Thresholds median;
    private final Thresholds p95;
    private final AllocationTolerance allocation;
    private final Direction direction;
    private final boolean ignored;
    private final String rule;

    BenchmarkSettings(Thresholds median, Thresholds p95, AllocationTolerance allocation, Direction direction,
            boolean ignored, String rule) {
        this.median = Objects.requireNonNull(median);
        this.p95 = Objects.requireNonNull(p95);
        this.allocation = Objects.requireNonNull(allocation);
        this.direction = direction;
        this.ignored = ignored;
        this.rule = rule;
    }

    public Thresholds median() {
        return median;
    }

    public Thresholds p95() {
        return p95;
    }

    public AllocationTolerance allocation() {
        return allocation;
    }

    /** The direction forced by a rule, or null to use the one inferred from mode and unit. */
    public Direction directionOverride() {
        return direction;
    }

    public boolean ignored() {
        return ignored;
    }

    /** The rule that matched, as people read it ({@code rule 2 'Parse.*'}), or null for the global settings. */
    public String rule() {
        return rule;
    }
}
