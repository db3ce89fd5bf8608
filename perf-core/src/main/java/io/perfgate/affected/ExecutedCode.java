package io.perfgate.affected;

import io.perfgate.results.BenchmarkId;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The methods of the project's own code that each benchmark ran, recorded at one commit: the evidence
 * {@code perf.affected} prefers to the class analysis, because it sees through reflection, service loading and
 * lambdas. Recorded in one short extra fork per benchmark and parameter set with a coverage agent, never in a
 * measured fork; kept in the history beside the runs, keyed by the commit.
 */
public final class ExecutedCode {

    /** One method of the project's code, by its class's internal name, its name and its descriptor. */
    public static final class Method implements Comparable<Method> {
        private final String owner;
        private final String name;
        private final String descriptor;

        public Method(String owner, String name, String descriptor) {
            this.owner = Objects.requireNonNull(owner, "owner");
            this.name = Objects.requireNonNull(name, "name");
            this.descriptor = Objects.requireNonNull(descriptor, "descriptor");
        }

        /** The class's internal name, {@code org/apache/avro/io/BinaryDecoder}. */
        public String owner() {
            return owner;
        }

        public String name() {
            return name;
        }

        /** The JVM descriptor, {@code (I)Ljava/lang/String;}. */
        public String descriptor() {
            return descriptor;
        }

        /** For people: {@code org.apache.avro.io.BinaryDecoder.readInt}, the descriptor left out. */
        public String displayName() {
            return owner.replace('/', '.') + "." + name;
        }

        @Override
        public int compareTo(Method o) {
            int c = owner.compareTo(o.owner);
            if (c == 0) {
                c = name.compareTo(o.name);
            }
            return c != 0 ? c : descriptor.compareTo(o.descriptor);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Method && ((Method) o).owner.equals(owner) && ((Method) o).name.equals(name)
                    && ((Method) o).descriptor.equals(descriptor);
        }

        @Override
        public int hashCode() {
            return Objects.hash(owner, name, descriptor);
        }

        @Override
        public String toString() {
            return owner + "." + name + descriptor;
        }
    }

    private final String commit;
    private final Map<BenchmarkId, Set<Method>> executed;

    /**
     * @param commit the full commit id the code was recorded at
     * @param executed per benchmark and parameter set, the project's methods it ran
     */
    public ExecutedCode(String commit, Map<BenchmarkId, ? extends Collection<Method>> executed) {
        this.commit = Objects.requireNonNull(commit, "commit");
        Map<BenchmarkId, Set<Method>> copy = new TreeMap<>();
        executed.forEach((id, methods) -> copy.put(id, Collections.unmodifiableSet(new TreeSet<>(methods))));
        this.executed = Collections.unmodifiableMap(copy);
    }

    /** The commit the map was recorded at. */
    public String commit() {
        return commit;
    }

    /** Every benchmark and parameter set recorded, in order. */
    public Map<BenchmarkId, Set<Method>> executed() {
        return executed;
    }

    /** True when the map holds at least one parameter set of the benchmark {@code name} (its JMH name). */
    public boolean covers(String name) {
        return executed.keySet().stream().anyMatch(id -> id.name().equals(name));
    }

    /** What the benchmark {@code name} ran in any of its parameter sets and modes. */
    public Set<Method> methodsOf(String name) {
        Set<Method> all = new LinkedHashSet<>();
        executed.forEach((id, methods) -> {
            if (id.name().equals(name)) {
                all.addAll(methods);
            }
        });
        return all;
    }
}
