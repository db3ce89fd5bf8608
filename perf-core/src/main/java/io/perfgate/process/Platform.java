package io.perfgate.process;

import java.io.File;
import java.nio.file.Path;
import java.util.Locale;

/** What differs between Windows and the other systems when a process is started: executable names, the null device. */
public final class Platform {
    private Platform() {
    }

    /** True on Windows, whose executables end in {@code .exe} or {@code .cmd} and which has no signals. */
    public static boolean isWindows() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    }

    /** The {@code java} launcher of the JDK or JRE at {@code javaHome}. */
    public static Path java(Path javaHome) {
        return javaHome.resolve("bin").resolve(isWindows() ? "java.exe" : "java");
    }

    /** The file that reads as empty: a child's standard input when it must never wait for input. */
    public static File nullDevice() {
        return new File(isWindows() ? "NUL" : "/dev/null");
    }
}
