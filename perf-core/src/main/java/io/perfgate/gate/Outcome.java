package io.perfgate.gate;

/** The gate's overall result for a build. */
public enum Outcome {
    /** Nothing regressed and nothing needs a look. */
    PASS,
    /** Nothing fails the build, but something needs a look: WARN or INCONCLUSIVE verdicts, a missing baseline,
     * environment differences, or regressions let through by {@code perf.failOnRegression=false}. */
    WARN,
    /** The build fails. */
    FAIL
}
