/**
 * {@code perf.affected}: which benchmarks can reach a class that differs between the base and the candidate,
 * read from the class files' constant pools ({@link io.perfgate.affected.ClassReferences}); the others need not
 * be measured. Bytes in, names out: no git, no forks.
 */
package io.perfgate.affected;
