/**
 * The code of the other side of a comparison: the few read-only git operations ({@link
 * io.perfgate.workspace.GitRepository}), which commit is the base ({@link io.perfgate.workspace.BaseRef}), its
 * detached worktree under the output directory ({@link io.perfgate.workspace.BaseCheckout}) and its build with
 * the running build's Maven ({@link io.perfgate.workspace.BaseBuild}), giving a test classpath. The user's
 * checkout is never touched. {@link io.perfgate.workspace.CompareException} is what every comparison step throws
 * when it cannot be made as asked.
 */
package io.perfgate.workspace;
