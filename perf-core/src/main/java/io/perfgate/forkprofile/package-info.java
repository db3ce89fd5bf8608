/**
 * Profiling forks: after the measurement, never in the forks it judged, one extra fork per side and benchmark
 * with a profiler attached ({@link io.perfgate.forkprofile.ProfilingForks}), read into flame graphs and costs per
 * operation for the benchmarks a comparison judged or a run asked for ({@link
 * io.perfgate.forkprofile.ComparisonProfiler}, {@link io.perfgate.forkprofile.ProfileTarget}).
 */
package io.perfgate.forkprofile;
