package io.perfgate.profile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * async-profiler's native library, as Maven Central ships it: inside {@code tools.profiler:async-profiler}'s jar
 * of the platform's classifier ({@code linux-x64}, {@code linux-arm64}, {@code macos}).
 */
public final class AsyncProfilerLibrary {
    private AsyncProfilerLibrary() {
    }

    /** The classifier of this platform's jar, or null where async-profiler has none (Windows, other CPUs). */
    public static String classifier(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return "macos";
        }
        if (os.contains("linux")) {
            if (arch.equals("amd64") || arch.equals("x86_64")) {
                return "linux-x64";
            }
            if (arch.equals("aarch64") || arch.equals("arm64")) {
                return "linux-arm64";
            }
        }
        return null;
    }

    /**
     * Copies the native library out of {@code jar} into {@code directory} (once: an existing copy of the same size
     * is kept) and returns its path.
     *
     * @throws IOException when the jar holds no async-profiler library
     */
    public static Path extract(Path jar, Path directory) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                String name = e.getName();
                String file = name.substring(name.lastIndexOf('/') + 1);
                if (file.startsWith("libasyncProfiler.")) {
                    Files.createDirectories(directory);
                    Path target = directory.resolve(file);
                    if (Files.isRegularFile(target) && Files.size(target) == e.getSize()) {
                        return target;
                    }
                    Path temporary = Files.createTempFile(directory, file, ".part");
                    try (InputStream in = zip.getInputStream(e)) {
                        Files.copy(in, temporary, StandardCopyOption.REPLACE_EXISTING);
                    }
                    Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING,
                            StandardCopyOption.ATOMIC_MOVE);
                    return target;
                }
            }
        }
        throw new IOException(jar + " holds no libasyncProfiler library");
    }
}
