package io.perfgate.scenariorunner;

/**
 * A scenario metric declared in the POM: its unit, which direction is better, and whether the gate judges it.
 * The same declaration can switch gating on for a metric the harness measures itself ({@code cpu},
 * {@code alloc}, ...), whose unit and direction are fixed.
 *
 * <pre>{@code
 * <metric>
 *   <name>records</name>
 *   <unit>records/s</unit>
 *   <direction>higher</direction>
 *   <gated>true</gated>
 * </metric>
 * }</pre>
 */
public class MetricDefinition {
    private String name;
    private String unit;
    private String direction;
    private Boolean gated;

    public MetricDefinition() {
    }

    public MetricDefinition(String name, String unit, String direction, Boolean gated) {
        this.name = name;
        this.unit = unit;
        this.direction = direction;
        this.gated = gated;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String getUnit() {
        return unit;
    }

    public void setUnit(String unit) {
        this.unit = unit;
    }

    /** {@code higher} or {@code lower}: which way is better. */
    public String getDirection() {
        return direction;
    }

    public void setDirection(String direction) {
        this.direction = direction;
    }

    /** Null when not set: declared custom metrics are gated by default, built-in ones are not. */
    public Boolean getGated() {
        return gated;
    }

    public void setGated(Boolean gated) {
        this.gated = gated;
    }
}
