/**
 * Change points in a benchmark's history: where the series of its run medians (oldest first) steps to another
 * level, found as Apache Otava does (E-Divisive means split search in sliding windows, a Student t-test per
 * candidate, the weak-point merge pass), with two rules of our own: a change point must hold without its single
 * most extreme run, and a change point once reported keeps its run when runs are appended unless its own test
 * fails. Pure functions over plain numbers, no Maven and no I/O; the site page {@code trends.md} explains the
 * algorithm, the defaults and the agreement with Otava.
 *
 * <pre>
 * RunSeries s = new RunSeries(runIds, medians, Direction.LOWER_IS_BETTER);
 * List&lt;ChangePoint&gt; now = new ChangePointDetector(ChangePointOptions.defaults()).detect(s, reportedLastTime);
 * </pre>
 */
package io.perfgate.trend;
