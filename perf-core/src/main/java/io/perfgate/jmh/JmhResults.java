package io.perfgate.jmh;

import io.perfgate.results.BenchmarkResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What one JMH JSON file holds, in the plugin's model: the benchmarks, and the facts about the benchmark JVM
 * that JMH recorded (they describe the JVM that really ran the benchmarks, so the environment fingerprint
 * takes them from here rather than from the JVM running Maven).
 */
public final class JmhResults {
    private final List<BenchmarkResult> benchmarks;
    private final String jmhVersion;
    private final String jdkVersion;
    private final String vmName;
    private final String vmVersion;
    private final String jvm;
    private final Set<String> jvmArgs;

    JmhResults(List<BenchmarkResult> benchmarks, String jmhVersion, String jdkVersion, String vmName,
            String vmVersion, String jvm, Set<String> jvmArgs) {
        this.benchmarks = Collections.unmodifiableList(new ArrayList<>(benchmarks));
        this.jmhVersion = jmhVersion;
        this.jdkVersion = jdkVersion;
        this.vmName = vmName;
        this.vmVersion = vmVersion;
        this.jvm = jvm;
        this.jvmArgs = Collections.unmodifiableSet(new LinkedHashSet<>(jvmArgs));
    }

    /** No benchmarks and no JVM facts: the start of {@link #plus} chains. */
    public static JmhResults empty() {
        return new JmhResults(Collections.emptyList(), null, null, null, null, null, Collections.emptySet());
    }

    /** The benchmarks, one per benchmark method, mode and parameter values, in the file's order. */
    public List<BenchmarkResult> benchmarks() {
        return benchmarks;
    }

    /** JMH's version, e.g. {@code 1.37}; null when the file lists no benchmark. */
    public String jmhVersion() {
        return jmhVersion;
    }

    /** {@code java.version} of the benchmark JVM, e.g. {@code 17.0.15}. */
    public String jdkVersion() {
        return jdkVersion;
    }

    /** {@code java.vm.name} of the benchmark JVM. */
    public String vmName() {
        return vmName;
    }

    /** {@code java.vm.version} of the benchmark JVM. */
    public String vmVersion() {
        return vmVersion;
    }

    /** Path of the {@code java} executable JMH forked. */
    public String jvm() {
        return jvm;
    }

    /**
     * The distinct JVM argument lists of the forks, each joined by spaces ({@code ""} for none); usually one,
     * more when benchmarks carry their own {@code @Fork(jvmArgs...)}.
     */
    public Set<String> jvmArgs() {
        return jvmArgs;
    }

    /** This result followed by {@code other}: the benchmarks of both, and the JVM facts of whichever has them. */
    public JmhResults plus(JmhResults other) {
        Objects.requireNonNull(other, "other");
        List<BenchmarkResult> all = new ArrayList<>(benchmarks);
        all.addAll(other.benchmarks);
        Set<String> args = new LinkedHashSet<>(jvmArgs);
        args.addAll(other.jvmArgs);
        return new JmhResults(all, first(jmhVersion, other.jmhVersion), first(jdkVersion, other.jdkVersion),
                first(vmName, other.vmName), first(vmVersion, other.vmVersion), first(jvm, other.jvm), args);
    }

    /** The same results with each benchmark replaced by {@code f} of it (e.g. given its forks' wall times). */
    public JmhResults mapBenchmarks(java.util.function.UnaryOperator<BenchmarkResult> f) {
        List<BenchmarkResult> mapped = new ArrayList<>();
        benchmarks.forEach(b -> mapped.add(f.apply(b)));
        return new JmhResults(mapped, jmhVersion, jdkVersion, vmName, vmVersion, jvm, jvmArgs);
    }

    private static String first(String a, String b) {
        return a != null ? a : b;
    }
}
