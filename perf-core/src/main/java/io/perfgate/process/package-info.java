/**
 * Child processes: running a program with an argument list ({@link io.perfgate.process.ExternalCommand}: git for the
 * pre-merge comparison and the history store, a Maven build of the base), ending one with everything it started
 * ({@link io.perfgate.process.ProcessTree}, the one place that kills a process), and what differs on Windows when
 * one is started ({@link io.perfgate.process.Platform}).
 */
package io.perfgate.process;
