/**
 * {@code perf.affected}: which benchmarks a patch can affect. Best by the map of the code each benchmark ran
 * ({@link io.perfgate.affected.ExecutedCode}, recorded on main), checked against the methods whose bodies differ
 * between base and candidate ({@link io.perfgate.affected.ChangedMethods},
 * {@link io.perfgate.affected.ExecutedCodeSelection}); without a map, which benchmarks can reach a class that
 * differs, read from the class files' constant pools ({@link io.perfgate.affected.AffectedBenchmarks},
 * {@link io.perfgate.affected.ClassReferences}). The others need not be measured. Bytes in, names out: no git, no
 * forks.
 */
package io.perfgate.affected;
