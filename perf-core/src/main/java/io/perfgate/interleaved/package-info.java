/**
 * The interleaved engine: base and candidate forks in randomized rounds ({@link
 * io.perfgate.interleaved.InterleavedSchedule}), run by a launcher ({@link io.perfgate.interleaved.BenchmarkLauncher}:
 * one JMH fork, or a scenario's JVMs), until the stop rule ({@link io.perfgate.interleaved.StopRule}) settles each
 * benchmark or the forks or the budget run out ({@link io.perfgate.interleaved.InterleavedRun}); what the rounds
 * produced is {@link io.perfgate.interleaved.InterleavedResults}. It knows nothing of git: the classpaths are given.
 */
package io.perfgate.interleaved;
