/**
 * {@code perf:compare}, the workflow that ties the pre-merge packages together: resolve and build the base
 * (workspace), select the affected benchmarks (affected), plan and order the rounds (planning), run them
 * (interleaved), judge them with the gate and write the results and report ({@link
 * io.perfgate.premerge.PreMergeWorkflow}, asked by a {@link io.perfgate.premerge.CompareRequest}, answering a
 * {@link io.perfgate.premerge.PreMergeResult}); or, with {@code perf.treatments}, several treatments against one
 * baseline in the same rounds ({@link io.perfgate.premerge.TreatmentComparison}).
 */
package io.perfgate.premerge;
