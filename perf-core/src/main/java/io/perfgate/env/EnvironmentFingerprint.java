package io.perfgate.env;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The environment a run measured in, as a flat map of dotted keys to strings, stored in results.json and
 * baselines. The keys are a contract: the gate compares a run's fingerprint with the baseline's field by field,
 * so add keys freely but never rename one. A value that cannot be found is {@value #UNKNOWN}; {@value #NONE}
 * says the thing does not exist (no container quota, not a git repository).
 *
 * <p>This class is pure: it turns the text of {@code /proc/cpuinfo}, {@code /proc/meminfo}, cgroup files,
 * {@code os-release} and the benchmark JVM's own report into values, so each parser is tested on real files.
 * {@link EnvironmentProbe} reads those from the machine.
 */
public final class EnvironmentFingerprint {
    public static final String UNKNOWN = "unknown";
    public static final String NONE = "none";

    /** CPU model name, e.g. {@code Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz}. */
    public static final String CPU_MODEL = "cpu.model";
    /** Logical processors of the machine (not of a container quota; see {@link #CONTAINER_CPU_QUOTA}). */
    public static final String CPU_CORES = "cpu.cores";
    /** Physical memory, e.g. {@code 23.5 GiB}. */
    public static final String MEMORY_TOTAL = "memory.total";
    /** Operating system: the distribution's name when known, e.g. {@code Debian GNU/Linux 12 (bookworm)}. */
    public static final String OS_NAME = "os.name";
    /** Kernel release (Linux) or OS version, e.g. {@code 6.1.0-18-amd64}. */
    public static final String OS_KERNEL = "os.kernel";
    /** Processor architecture as Java names it, e.g. {@code amd64}, {@code aarch64}. */
    public static final String OS_ARCH = "os.arch";
    /** CPU limit of the container, e.g. {@code 2 CPUs}; {@code none} without a limit. */
    public static final String CONTAINER_CPU_QUOTA = "container.cpuQuota";
    /** Linux CPU frequency governor of cpu0, e.g. {@code performance}, {@code powersave}. */
    public static final String CPU_GOVERNOR = "cpu.governor";
    /** {@code java.vendor} of the benchmark JVM. */
    public static final String JAVA_VENDOR = "java.vendor";
    /** {@code java.version} of the benchmark JVM. */
    public static final String JAVA_VERSION = "java.version";
    /** VM name and version of the benchmark JVM, e.g. {@code OpenJDK 64-Bit Server VM 17.0.15+6}. */
    public static final String JAVA_VM = "java.vm";
    /** JVM arguments of the benchmark forks; several argument lists are separated by {@code " | "}. */
    public static final String JVM_ARGS = "jvm.args";
    /** Garbage collector of the benchmark forks, e.g. {@code G1}, {@code Parallel}. */
    public static final String JVM_GC = "jvm.gc";
    public static final String JMH_VERSION = "jmh.version";
    public static final String MAVEN_VERSION = "maven.version";
    public static final String PLUGIN_VERSION = "plugin.version";
    /** Commit of the project's working tree, or {@code none} outside git. */
    public static final String GIT_COMMIT = "git.commit";
    /** {@code true} when the working tree has changes not committed, {@code false}, or {@code none}. */
    public static final String GIT_DIRTY = "git.dirty";
    /**
     * The share of the machine's CPU time the hypervisor took (steal) while the run measured, e.g. {@code 1.7 %};
     * {@value #UNKNOWN} where it cannot be read (see {@link StealTime}). A condition of the run, not of the machine.
     */
    public static final String CPU_STEAL = "cpu.steal";
    /** ISO-8601 instant of the run. */
    public static final String TIMESTAMP = "timestamp";
    /** The command line that reproduces the run. */
    public static final String COMMAND = "command";
    /**
     * The module of a multi-module build whose benchmarks these are (its artifactId); written only in a reactor,
     * after {@link #KEYS}, so that reports can name the module.
     */
    public static final String MAVEN_MODULE = "maven.module";

    /** The keys that describe the machine and the JVM: a difference here can explain a difference in speed. */
    public static final List<String> MACHINE_KEYS = Collections.unmodifiableList(Arrays.asList(CPU_MODEL, CPU_CORES,
            MEMORY_TOTAL, OS_NAME, OS_KERNEL, OS_ARCH, CONTAINER_CPU_QUOTA, CPU_GOVERNOR, JAVA_VENDOR, JAVA_VERSION,
            JAVA_VM, JVM_ARGS, JVM_GC, JMH_VERSION));
    /** The keys that describe the run itself; they differ between any two runs or builds. */
    public static final List<String> RUN_KEYS = Collections.unmodifiableList(Arrays.asList(MAVEN_VERSION,
            PLUGIN_VERSION, GIT_COMMIT, GIT_DIRTY, CPU_STEAL, TIMESTAMP, COMMAND));
    /** Every key, in the order written. */
    public static final List<String> KEYS = Collections.unmodifiableList(concat(MACHINE_KEYS, RUN_KEYS));

    private static final Pattern GC_FLAG = Pattern.compile("-XX:\\+Use(\\w+?)GC");
    private static final Pattern FLAG_LINE = Pattern.compile("\\s*bool\\s+Use(\\w+?)GC\\s+=\\s+true\\b.*");
    private static final Pattern PROPERTY_LINE = Pattern.compile("    ([\\w.]+) = (.*)");

    private EnvironmentFingerprint() {
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** Everything the fingerprint is made of, as found; a null field becomes {@value #UNKNOWN}. */
    public static final class Facts {
        String cpuinfo;
        String meminfo;
        String cgroupV2CpuMax;
        String cgroupV1Quota;
        String cgroupV1Period;
        boolean cgroupFound;
        String governor;
        String osRelease;
        String osName;
        String osVersion;
        String osArch;
        int availableProcessors;
        String jvmReport;
        List<String> jvmArgs = new ArrayList<>();
        String jdkVersion;
        String vmName;
        String vmVersion;
        String jmhVersion;
        String mavenVersion;
        String pluginVersion;
        String gitCommit;
        String gitDirty;
        OptionalDouble steal = OptionalDouble.empty();
        String timestamp;
        String command;
        String module;

        public Facts cpuinfo(String v) { cpuinfo = v; return this; }
        public Facts meminfo(String v) { meminfo = v; return this; }
        /** Content of cgroup v2 {@code cpu.max}. */
        public Facts cgroupV2CpuMax(String v) { cgroupV2CpuMax = v; cgroupFound |= v != null; return this; }
        /** Contents of cgroup v1 {@code cpu.cfs_quota_us} and {@code cpu.cfs_period_us}. */
        public Facts cgroupV1(String quota, String period) {
            cgroupV1Quota = quota;
            cgroupV1Period = period;
            cgroupFound |= quota != null;
            return this;
        }
        public Facts governor(String v) { governor = v; return this; }
        public Facts osRelease(String v) { osRelease = v; return this; }
        /** The JVM's {@code os.name}, {@code os.version} and {@code os.arch}. */
        public Facts os(String name, String version, String arch) {
            osName = name;
            osVersion = version;
            osArch = arch;
            return this;
        }
        /** Fallback for the core count where /proc/cpuinfo is missing. */
        public Facts availableProcessors(int v) { availableProcessors = v; return this; }
        /** Output of {@code java -XshowSettings:properties -XX:+PrintFlagsFinal -version} for the benchmark JVM. */
        public Facts jvmReport(String v) { jvmReport = v; return this; }
        /** Each distinct argument list of the benchmark forks, joined by spaces. */
        public Facts jvmArgs(List<String> v) { jvmArgs = new ArrayList<>(v); return this; }
        /** What JMH recorded of the benchmark JVM. */
        public Facts jmh(String jmh, String jdk, String vm, String vmVer) {
            jmhVersion = jmh;
            jdkVersion = jdk;
            vmName = vm;
            vmVersion = vmVer;
            return this;
        }
        public Facts maven(String v) { mavenVersion = v; return this; }
        public Facts plugin(String v) { pluginVersion = v; return this; }
        public Facts git(String commit, String dirty) { gitCommit = commit; gitDirty = dirty; return this; }
        /** The share of CPU time stolen while the run measured; empty where it could not be read. */
        public Facts steal(OptionalDouble v) { steal = v; return this; }
        public Facts timestamp(String v) { timestamp = v; return this; }
        public Facts command(String v) { command = v; return this; }
        public Facts module(String v) { module = v; return this; }
    }

    public static Facts facts() {
        return new Facts();
    }

    /** The fingerprint: every key of {@link #KEYS}, in that order. */
    public static Map<String, String> of(Facts f) {
        Map<String, String> jvmProperties = jvmProperties(f.jvmReport);
        Map<String, String> m = new LinkedHashMap<>();
        m.put(CPU_MODEL, cpuModel(f.cpuinfo));
        int cores = logicalCores(f.cpuinfo);
        m.put(CPU_CORES, cores > 0 ? Integer.toString(cores)
                : f.availableProcessors > 0 ? Integer.toString(f.availableProcessors) : UNKNOWN);
        m.put(MEMORY_TOTAL, memoryTotal(f.meminfo));
        String distribution = prettyName(f.osRelease);
        m.put(OS_NAME, distribution != null ? distribution : orUnknown(f.osName));
        m.put(OS_KERNEL, orUnknown(f.osVersion));
        m.put(OS_ARCH, orUnknown(f.osArch));
        m.put(CONTAINER_CPU_QUOTA, f.cgroupV2CpuMax != null ? cgroupV2Quota(f.cgroupV2CpuMax)
                : f.cgroupV1Quota != null ? cgroupV1Quota(f.cgroupV1Quota, f.cgroupV1Period) : UNKNOWN);
        m.put(CPU_GOVERNOR, f.governor == null || f.governor.trim().isEmpty() ? UNKNOWN : f.governor.trim());
        m.put(JAVA_VENDOR, orUnknown(jvmProperties.get("java.vendor")));
        m.put(JAVA_VERSION, orUnknown(f.jdkVersion != null ? f.jdkVersion : jvmProperties.get("java.version")));
        String vmName = f.vmName != null ? f.vmName : jvmProperties.get("java.vm.name");
        String vmVersion = f.vmVersion != null ? f.vmVersion : jvmProperties.get("java.vm.version");
        m.put(JAVA_VM, vmName == null ? UNKNOWN : vmName + (vmVersion == null ? "" : " " + vmVersion));
        m.put(JVM_ARGS, jvmArgs(f.jvmArgs));
        m.put(JVM_GC, garbageCollector(f.jvmArgs, f.jvmReport));
        m.put(JMH_VERSION, orUnknown(f.jmhVersion));
        m.put(MAVEN_VERSION, orUnknown(f.mavenVersion));
        m.put(PLUGIN_VERSION, orUnknown(f.pluginVersion));
        m.put(GIT_COMMIT, orUnknown(f.gitCommit));
        m.put(GIT_DIRTY, orUnknown(f.gitDirty));
        m.put(CPU_STEAL, f.steal.isPresent() ? StealTime.format(f.steal.getAsDouble()) : UNKNOWN);
        m.put(TIMESTAMP, orUnknown(f.timestamp));
        m.put(COMMAND, orUnknown(f.command));
        if (f.module != null) {
            m.put(MAVEN_MODULE, f.module);
        }
        return m;
    }

    private static String orUnknown(String v) {
        return v == null || v.trim().isEmpty() ? UNKNOWN : v.trim();
    }

    /** {@code model name} of the first processor (x86); on ARM, which has none, its implementer and part. */
    static String cpuModel(String cpuinfo) {
        if (cpuinfo == null) {
            return UNKNOWN;
        }
        Map<String, String> first = firstProcessor(cpuinfo);
        for (String key : new String[] {"model name", "Model Name", "cpu model", "Processor", "cpu"}) {
            String v = first.get(key);
            if (v != null && !v.isEmpty()) {
                return v.replaceAll("\\s+", " ");
            }
        }
        String implementer = first.get("CPU implementer");
        String part = first.get("CPU part");
        if (implementer != null && part != null) {
            return "ARM implementer " + implementer + " part " + part;
        }
        return UNKNOWN;
    }

    private static Map<String, String> firstProcessor(String cpuinfo) {
        Map<String, String> fields = new LinkedHashMap<>();
        int processors = 0;
        for (String line : cpuinfo.split("\r?\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).trim();
            if (key.equals("processor") && ++processors > 1) {
                break;
            }
            fields.putIfAbsent(key, line.substring(colon + 1).trim());
        }
        return fields;
    }

    /** Lines {@code processor : n}; 0 when there are none. */
    static int logicalCores(String cpuinfo) {
        if (cpuinfo == null) {
            return 0;
        }
        int n = 0;
        for (String line : cpuinfo.split("\r?\n")) {
            if (line.matches("processor\\s*:\\s*\\d+\\s*")) {
                n++;
            }
        }
        return n;
    }

    /** {@code MemTotal} in GiB with one decimal, so that machines of one type show the same value. */
    static String memoryTotal(String meminfo) {
        if (meminfo == null) {
            return UNKNOWN;
        }
        Matcher m = Pattern.compile("(?m)^MemTotal:\\s+(\\d+)\\s*kB").matcher(meminfo);
        if (!m.find()) {
            return UNKNOWN;
        }
        double gib = Long.parseLong(m.group(1)) / (1024.0 * 1024.0);
        return String.format(Locale.ROOT, "%.1f GiB", gib);
    }

    /** cgroup v2 {@code cpu.max}: {@code max 100000} is no limit; {@code 150000 100000} is 1.5 CPUs. */
    static String cgroupV2Quota(String cpuMax) {
        String[] parts = cpuMax.trim().split("\\s+");
        if (parts.length >= 1 && parts[0].equals("max")) {
            return NONE;
        }
        if (parts.length == 2) {
            return cpus(parts[0], parts[1]);
        }
        return UNKNOWN;
    }

    /** cgroup v1 {@code cpu.cfs_quota_us} ({@code -1}: no limit) over {@code cpu.cfs_period_us}. */
    static String cgroupV1Quota(String quota, String period) {
        if (quota.trim().equals("-1")) {
            return NONE;
        }
        return period == null ? UNKNOWN : cpus(quota.trim(), period.trim());
    }

    private static String cpus(String quota, String period) {
        try {
            double cpus = Double.parseDouble(quota) / Double.parseDouble(period);
            String n = cpus == Math.rint(cpus) ? Long.toString((long) cpus)
                    : String.format(Locale.ROOT, "%.2f", cpus).replaceAll("0+$", "");
            return n + (cpus == 1 ? " CPU" : " CPUs");
        } catch (NumberFormatException e) {
            return UNKNOWN;
        }
    }

    /** {@code PRETTY_NAME} of {@code /etc/os-release}, or null. */
    static String prettyName(String osRelease) {
        if (osRelease == null) {
            return null;
        }
        Matcher m = Pattern.compile("(?m)^PRETTY_NAME=(.*)$").matcher(osRelease);
        if (!m.find()) {
            return null;
        }
        String v = m.group(1).trim();
        if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))) {
            v = v.substring(1, v.length() - 1);
        }
        return v.isEmpty() ? null : v;
    }

    /** The {@code Property settings:} block of {@code -XshowSettings:properties}; continuation lines are skipped. */
    static Map<String, String> jvmProperties(String report) {
        Map<String, String> props = new LinkedHashMap<>();
        if (report == null) {
            return props;
        }
        boolean inProperties = false;
        for (String line : report.split("\r?\n")) {
            if (line.startsWith("Property settings:")) {
                inProperties = true;
                continue;
            }
            if (inProperties) {
                if (line.trim().isEmpty()) {
                    break;
                }
                Matcher m = PROPERTY_LINE.matcher(line);
                if (m.matches()) {
                    props.put(m.group(1), m.group(2).trim());
                }
            }
        }
        return props;
    }

    private static String jvmArgs(List<String> argLists) {
        if (argLists.isEmpty()) {
            return UNKNOWN;
        }
        List<String> shown = new ArrayList<>();
        for (String args : argLists) {
            shown.add(args.trim().isEmpty() ? NONE : args.trim());
        }
        return String.join(" | ", shown);
    }

    /**
     * The collector chosen by {@code -XX:+Use...GC} in the forks' arguments, else the one the JVM picked by
     * itself ({@code -XX:+PrintFlagsFinal}); the JVM's choice depends on the machine (Serial below 2 CPUs or
     * 1792 MB), which is why it is probed rather than assumed.
     */
    static String garbageCollector(List<String> argLists, String jvmReport) {
        Set<String> chosen = new LinkedHashSet<>();
        boolean someWithout = argLists.isEmpty();
        for (String args : argLists) {
            String gc = null;
            Matcher m = GC_FLAG.matcher(args);
            while (m.find()) {
                String name = gcName(m.group(1));
                gc = name != null ? name : gc;
            }
            if (gc == null) {
                someWithout = true;
            } else {
                chosen.add(gc);
            }
        }
        if (someWithout) {
            String ergonomic = ergonomicGc(jvmReport);
            chosen.add(ergonomic != null ? ergonomic : UNKNOWN);
        }
        return String.join(", ", chosen);
    }

    static String ergonomicGc(String jvmReport) {
        if (jvmReport == null) {
            return null;
        }
        String gc = null;
        for (String line : jvmReport.split("\r?\n")) {
            Matcher m = FLAG_LINE.matcher(line);
            if (m.matches()) {
                String name = gcName(m.group(1));
                if (name != null) {
                    gc = name;
                }
            }
        }
        return gc;
    }

    private static String gcName(String flagCore) {
        switch (flagCore) {
            case "G1":
                return "G1";
            case "Parallel":
            case "ParallelOld":
                return "Parallel";
            case "Serial":
                return "Serial";
            case "Z":
                return "ZGC";
            case "Shenandoah":
                return "Shenandoah";
            case "Epsilon":
                return "Epsilon";
            case "ConcMarkSweep":
                return "CMS";
            default:
                return null; // e.g. UseAdaptiveSizePolicyWithSystemGC, UseMaximumCompactionOnSystemGC
        }
    }
}
