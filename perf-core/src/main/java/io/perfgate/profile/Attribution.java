package io.perfgate.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a benchmark's measured change went, in its own unit. Each side's profile gives every method its share of
 * the samples of the benchmark's threads (wall-clock samples where async-profiler took them, so that time spent
 * waiting counts where it is spent; CPU samples with JFR, which see running code only); times the side's measured
 * cost per operation, that share is the method's cost per operation.
 * Self cost (samples where the method is the innermost Java frame, with the JVM and native code it calls) sums to
 * the measured cost, so the self changes of all methods sum to the measured change, and "the top frames account
 * for 85 % of the slowdown" is a fraction of the number the gate judged. Inclusive cost (samples where the method
 * is anywhere on the stack) is given beside it. Allocation is attributed the same way in bytes per operation, by
 * allocation site, from {@code gc.alloc.rate.norm}; contention by monitor class, in blocked time per side.
 *
 * <p>A profile is a sample: with a few hundred samples a share is known to a few percent, which is why the
 * attribution names the sample counts.
 */
public final class Attribution {
    /** Entries kept per table in attribution.json. */
    public static final int KEPT = 10;
    /** Frames whose change the console and the methodology block quote. */
    public static final int QUOTED = 3;

    private final double before;
    private final double after;
    private final String unit;
    private final String sampling;
    private final long samplesBefore;
    private final long samplesAfter;
    private final List<MethodCost> methods;
    private final List<SiteCost> allocations;
    private final List<MonitorCost> monitors;
    private final boolean changeEstablished;

    Attribution(double before, double after, String unit, String sampling, long samplesBefore, long samplesAfter,
            List<MethodCost> methods, List<SiteCost> allocations, List<MonitorCost> monitors,
            boolean changeEstablished) {
        this.before = before;
        this.after = after;
        this.unit = unit;
        this.sampling = sampling;
        this.samplesBefore = samplesBefore;
        this.samplesAfter = samplesAfter;
        this.methods = Collections.unmodifiableList(methods);
        this.allocations = Collections.unmodifiableList(allocations);
        this.monitors = Collections.unmodifiableList(monitors);
        this.changeEstablished = changeEstablished;
    }

    /** Whether the gate established the change of time that the frames' shares are fractions of. */
    public boolean changeEstablished() {
        return changeEstablished;
    }

    /**
     * @param base the base's profile, or null where only the candidate was profiled (then every "before" is NaN)
     * @param baseCost the base's measured cost per operation (ignored without a base profile)
     * @param baseBytes the base's bytes per operation, NaN when not measured
     */
    public static Attribution compute(StackProfile base, CostPerOp baseCost, double baseBytes, StackProfile candidate,
            CostPerOp candidateCost, double candidateBytes) {
        return compute(base, baseCost, baseBytes, candidate, candidateCost, candidateBytes, true);
    }

    /**
     * @param changeEstablished whether the gate established the change of time (FAIL, WARN or IMPROVED on the
     *     median); when not (a benchmark that FAILs on allocation only, its time within the noise), frames get no
     *     share of a change that may be noise
     */
    public static Attribution compute(StackProfile base, CostPerOp baseCost, double baseBytes, StackProfile candidate,
            CostPerOp candidateCost, double candidateBytes, boolean changeEstablished) {
        double before = base == null ? Double.NaN : baseCost.value();
        double after = candidateCost.value();
        double change = after - before;
        Map<String, double[]> selfB = base == null ? new HashMap<>() : costs(base, before, true);
        Map<String, double[]> inclB = base == null ? new HashMap<>() : costs(base, before, false);
        Map<String, double[]> selfA = costs(candidate, after, true);
        Map<String, double[]> inclA = costs(candidate, after, false);
        Set<String> names = new LinkedHashSet<>(selfA.keySet());
        names.addAll(selfB.keySet());
        List<MethodCost> methods = new ArrayList<>();
        for (String m : names) {
            double sb = base == null ? Double.NaN : value(selfB, m);
            double sa = value(selfA, m);
            double ib = base == null ? Double.NaN : value(inclB, m);
            double ia = value(inclA, m);
            double share = base == null || change == 0 || !changeEstablished ? Double.NaN : (sa - sb) / change;
            methods.add(new MethodCost(m, sb, sa, ib, ia, share));
        }
        // the frames that moved most in the direction of the measured change; without a base, the costliest
        Comparator<MethodCost> order = base == null ? Comparator.comparingDouble(c -> -c.selfAfter)
                : Comparator.comparingDouble(c -> -(c.selfAfter - c.selfBefore) * Math.signum(change));
        methods.sort(order.thenComparing(c -> c.method));

        List<SiteCost> sites = new ArrayList<>();
        Map<StackProfile.AllocationSite, Double> bytesB = base == null ? new HashMap<>() : bytes(base, baseBytes);
        Map<StackProfile.AllocationSite, Double> bytesA = bytes(candidate, candidateBytes);
        Set<StackProfile.AllocationSite> siteKeys = new LinkedHashSet<>(bytesA.keySet());
        siteKeys.addAll(bytesB.keySet());
        for (StackProfile.AllocationSite s : siteKeys) {
            sites.add(new SiteCost(s.toString(), base == null ? Double.NaN : bytesB.getOrDefault(s, 0.0),
                    bytesA.getOrDefault(s, 0.0)));
        }
        sites.sort(Comparator.comparingDouble((SiteCost c) -> -(base == null ? c.after : c.after - c.before))
                .thenComparing(c -> c.site));

        List<MonitorCost> monitors = new ArrayList<>();
        Set<String> monitorKeys = new HashSet<>(candidate.locks().keySet());
        if (base != null) {
            monitorKeys.addAll(base.locks().keySet());
        }
        for (String m : monitorKeys) {
            StackProfile.Contention b = base == null ? null : base.locks().get(m);
            StackProfile.Contention a = candidate.locks().get(m);
            String where = a != null ? a.topFrame() : b.topFrame();
            monitors.add(new MonitorCost(m, where, base == null ? Double.NaN : b == null ? 0 : b.nanos() / 1e6,
                    a == null ? 0 : a.nanos() / 1e6, base == null ? -1 : b == null ? 0 : b.events(),
                    a == null ? 0 : a.events()));
        }
        monitors.sort(Comparator.comparingDouble((MonitorCost c) -> -(base == null ? c.afterMillis
                : c.afterMillis - c.beforeMillis)).thenComparing(c -> c.monitor));
        return new Attribution(before, after, candidateCost.unit(), candidate.timeSampling(),
                base == null ? 0 : base.timeSamples(), candidate.timeSamples(), top(methods), top(sites),
                top(monitors), changeEstablished);
    }

    private static <T> List<T> top(List<T> all) {
        return new ArrayList<>(all.subList(0, Math.min(KEPT, all.size())));
    }

    private static double value(Map<String, double[]> costs, String method) {
        double[] v = costs.get(method);
        return v == null ? 0 : v[0];
    }

    /** Each method's cost per operation: its share of the samples times the measured cost. */
    private static Map<String, double[]> costs(StackProfile profile, double costPerOp, boolean self) {
        Map<String, double[]> costs = new HashMap<>();
        long total = profile.timeSamples();
        if (total == 0) {
            return costs;
        }
        for (Map.Entry<List<String>, Long> e : profile.time().entrySet()) {
            double weight = e.getValue() * costPerOp / total;
            List<String> stack = e.getKey();
            if (self) {
                costs.computeIfAbsent(stack.get(stack.size() - 1), k -> new double[1])[0] += weight;
            } else {
                // a recursive method counts once per sample
                for (String m : new HashSet<>(stack)) {
                    costs.computeIfAbsent(m, k -> new double[1])[0] += weight;
                }
            }
        }
        return costs;
    }

    /** Bytes per operation by site: the site's share of the sampled bytes times the measured bytes per operation. */
    private static Map<StackProfile.AllocationSite, Double> bytes(StackProfile profile, double bytesPerOp) {
        Map<StackProfile.AllocationSite, Double> sites = new HashMap<>();
        long total = profile.allocatedBytes();
        if (total == 0 || Double.isNaN(bytesPerOp)) {
            return sites;
        }
        profile.allocations().forEach((site, b) -> sites.put(site, b * bytesPerOp / total));
        return sites;
    }

    /** The base's measured cost per operation; NaN where only the candidate was profiled. */
    public double before() {
        return before;
    }

    public double after() {
        return after;
    }

    public String unit() {
        return unit;
    }

    /** The samples that divided the time: {@code wall-clock} (async-profiler) or {@code cpu} (JFR). */
    public String sampling() {
        return sampling;
    }

    public boolean hasBase() {
        return !Double.isNaN(before);
    }

    public long samplesBefore() {
        return samplesBefore;
    }

    public long samplesAfter() {
        return samplesAfter;
    }

    /** Methods by how much of the change they carry (with a base), else by cost; at most {@link #KEPT}. */
    public List<MethodCost> methods() {
        return methods;
    }

    public List<SiteCost> allocations() {
        return allocations;
    }

    public List<MonitorCost> monitors() {
        return monitors;
    }

    /**
     * The share of the measured change that the first {@code frames} methods' self costs account for; NaN without
     * a base or a change.
     */
    public double explained(int frames) {
        double sum = 0;
        for (MethodCost m : methods.subList(0, Math.min(frames, methods.size()))) {
            if (Double.isNaN(m.shareOfChange)) {
                return Double.NaN;
            }
            sum += m.shareOfChange;
        }
        return methods.isEmpty() ? Double.NaN : sum;
    }

    /** One method's cost per operation on each side. */
    public static final class MethodCost {
        final String method;
        final double selfBefore;
        final double selfAfter;
        final double inclusiveBefore;
        final double inclusiveAfter;
        final double shareOfChange;

        MethodCost(String method, double selfBefore, double selfAfter, double inclusiveBefore, double inclusiveAfter,
                double shareOfChange) {
            this.method = method;
            this.selfBefore = selfBefore;
            this.selfAfter = selfAfter;
            this.inclusiveBefore = inclusiveBefore;
            this.inclusiveAfter = inclusiveAfter;
            this.shareOfChange = shareOfChange;
        }

        public String method() {
            return method;
        }

        public double selfBefore() {
            return selfBefore;
        }

        public double selfAfter() {
            return selfAfter;
        }

        public double inclusiveBefore() {
            return inclusiveBefore;
        }

        public double inclusiveAfter() {
            return inclusiveAfter;
        }

        /** Its self change as a fraction of the measured change (may exceed 1 or be negative); NaN without a base. */
        public double shareOfChange() {
            return shareOfChange;
        }
    }

    /** One allocation site's bytes per operation on each side. */
    public static final class SiteCost {
        final String site;
        final double before;
        final double after;

        SiteCost(String site, double before, double after) {
            this.site = site;
            this.before = before;
            this.after = after;
        }

        public String site() {
            return site;
        }

        public double before() {
            return before;
        }

        public double after() {
            return after;
        }
    }

    /** Time blocked on one monitor class in each side's profiling fork. */
    public static final class MonitorCost {
        final String monitor;
        final String where;
        final double beforeMillis;
        final double afterMillis;
        final long eventsBefore;
        final long eventsAfter;

        MonitorCost(String monitor, String where, double beforeMillis, double afterMillis, long eventsBefore,
                long eventsAfter) {
            this.monitor = monitor;
            this.where = where;
            this.beforeMillis = beforeMillis;
            this.afterMillis = afterMillis;
            this.eventsBefore = eventsBefore;
            this.eventsAfter = eventsAfter;
        }

        public String monitor() {
            return monitor;
        }

        /** The method that waited longest for it. */
        public String where() {
            return where;
        }

        public double beforeMillis() {
            return beforeMillis;
        }

        public double afterMillis() {
            return afterMillis;
        }

        public long eventsBefore() {
            return eventsBefore;
        }

        public long eventsAfter() {
            return eventsAfter;
        }
    }
}
