/**
 * Two versions of the code measured again side by side ({@link io.perfgate.confirm.CommitComparison}): to
 * confirm a FAIL found against a stored baseline or the history before failing the build ({@link
 * io.perfgate.confirm.FailConfirmation}), or to judge one step of a bisection, whose answer {@code git bisect run}
 * reads as an exit code ({@link io.perfgate.confirm.BisectExitCode}).
 */
package io.perfgate.confirm;
