/**
 * The gate's statistics: pure functions and immutable values, no Maven and no I/O. The site page
 * {@code statistics.md} explains the rule, its defaults, sources and validation.
 *
 * <p>Typical use by the check:
 * <pre>
 * ShiftComparison c = ShiftTest.compare(baselineForkValues, candidateForkValues, direction, thresholds);
 * double[] levels = Multiplicity.effectiveAlphas(pSlowerOfAllComparisons, alpha, mode);   // or alpha for all
 * Decision d = DecisionRule.decide(c, levels[i], minForks);
 * log(d.describe("median time"));   // "median time +23.4 % [+18.1 %, +29.0 %] is above the 10 % limit (...)"
 * </pre>
 *
 * <ul>
 * <li>{@link io.perfgate.stats.ShiftTest} / {@link io.perfgate.stats.ShiftComparison}: Hodges-Lehmann ratio,
 * exact Mann-Whitney bounds and p-values of a log shift, per-fork inputs;</li>
 * <li>{@link io.perfgate.stats.DecisionRule} / {@link io.perfgate.stats.Decision} /
 * {@link io.perfgate.stats.Verdict}: the verdict and its reason text;</li>
 * <li>{@link io.perfgate.stats.Multiplicity}: Holm, Benjamini-Hochberg, effective levels, feasibility;</li>
 * <li>{@link io.perfgate.stats.SteadyState}: Kendall trend test per fork and the unstable-forks rule;</li>
 * <li>{@link io.perfgate.stats.Quantiles} / {@link io.perfgate.stats.OrderStatisticInterval}: median, type-7
 * percentile, distribution-free quantile intervals;</li>
 * <li>{@link io.perfgate.stats.Power}: detectable slowdown and forks needed;</li>
 * <li>{@link io.perfgate.stats.StatsText}: locale-independent formatting of changes and p-values.</li>
 * </ul>
 */
package io.perfgate.stats;
