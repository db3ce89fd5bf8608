/**
 * Child processes: ending one with everything it started ({@link io.perfgate.process.ProcessTree}, the one place
 * that kills a process), and what differs on Windows when one is started ({@link io.perfgate.process.Platform}).
 */
package io.perfgate.process;
