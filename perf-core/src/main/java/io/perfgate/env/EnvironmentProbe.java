package io.perfgate.env;

import io.perfgate.process.ProcessTree;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Reads what {@link EnvironmentFingerprint} needs from this machine: Linux's {@code /proc} and {@code /sys}
 * files, the benchmark JVM's own report, and git. Anything missing stays unknown; nothing here fails a run.
 */
public final class EnvironmentProbe {
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);

    private EnvironmentProbe() {
    }

    /** The machine's facts: CPU, memory, cgroup quota, governor, OS. */
    public static EnvironmentFingerprint.Facts machine() {
        return EnvironmentFingerprint.facts()
                .cpuinfo(read("/proc/cpuinfo"))
                .meminfo(read("/proc/meminfo"))
                .cgroupV2CpuMax(read("/sys/fs/cgroup/cpu.max"))
                .cgroupV1(read("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"), read("/sys/fs/cgroup/cpu/cpu.cfs_period_us"))
                .governor(read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"))
                .osRelease(read("/etc/os-release"))
                .os(System.getProperty("os.name"), System.getProperty("os.version"), System.getProperty("os.arch"))
                .availableProcessors(Runtime.getRuntime().availableProcessors());
    }

    /**
     * What the benchmark JVM says of itself: {@code java <args> -XshowSettings:properties -XX:+PrintFlagsFinal
     * -version}, about 0.2 s. Of the forks' arguments only {@code -XX:} flags and heap sizes are passed, since they
     * steer the collector the JVM picks; agents and system properties are left out. Null when it fails.
     */
    public static String jvmReport(Path java, List<String> forkArguments) {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        for (String arg : forkArguments) {
            if (arg.startsWith("-XX:") || arg.startsWith("-Xmx") || arg.startsWith("-Xms") || arg.startsWith("-Xmn")) {
                command.add(arg);
            }
        }
        command.add("-XshowSettings:properties");
        command.add("-XX:+PrintFlagsFinal");
        command.add("-version");
        Result r = run(command, null);
        return r == null || r.exitCode != 0 ? null : r.output;
    }

    /** {@code git rev-parse HEAD} and whether {@code git status --porcelain} lists changes; "none" outside git. */
    public static String[] git(Path projectDirectory) {
        Result head = run(java.util.Arrays.asList("git", "rev-parse", "HEAD"), projectDirectory);
        if (head == null) {
            return new String[] {EnvironmentFingerprint.UNKNOWN, EnvironmentFingerprint.UNKNOWN};
        }
        if (head.exitCode != 0) {
            return new String[] {EnvironmentFingerprint.NONE, EnvironmentFingerprint.NONE};
        }
        Result status = run(java.util.Arrays.asList("git", "status", "--porcelain"), projectDirectory);
        String dirty = status == null || status.exitCode != 0 ? EnvironmentFingerprint.UNKNOWN
                : Boolean.toString(!status.output.trim().isEmpty());
        return new String[] {head.output.trim(), dirty};
    }

    private static String read(String file) {
        Path path = Paths.get(file);
        try {
            return Files.isReadable(path) ? new String(Files.readAllBytes(path), StandardCharsets.UTF_8) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static final class Result {
        final int exitCode;
        final String output;

        Result(int exitCode, String output) {
            this.exitCode = exitCode;
            this.output = output;
        }
    }

    /** Runs a short command; null when it cannot start or does not end in time. */
    private static Result run(List<String> command, Path directory) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (directory != null) {
            pb.directory(directory.toFile());
        }
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return null;
        }
        try {
            p.getOutputStream().close();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Thread reader = new Thread(() -> copy(p.getInputStream(), out), "perf-probe-output");
            reader.setDaemon(true);
            reader.start();
            if (!p.waitFor(COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                ProcessTree.kill(p, Duration.ZERO);
                return null;
            }
            reader.join(TimeUnit.SECONDS.toMillis(5));
            synchronized (out) {
                return new Result(p.exitValue(), new String(out.toByteArray(), Charset.defaultCharset()));
            }
        } catch (IOException e) {
            ProcessTree.kill(p, Duration.ZERO);
            return null;
        } catch (InterruptedException e) {
            ProcessTree.kill(p, Duration.ZERO);
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static void copy(InputStream in, ByteArrayOutputStream out) {
        byte[] buffer = new byte[8192];
        try {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                synchronized (out) {
                    out.write(buffer, 0, n);
                }
            }
        } catch (IOException e) {
            // the process ended
        }
    }
}
