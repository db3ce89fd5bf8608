package io.perfgate.jmh;

import io.perfgate.config.PerfProperties;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

/**
 * Finds the JMH benchmarks of a project: the {@code META-INF/BenchmarkList} that JMH's annotation processor
 * writes into the test classes (and, when asked, the main classes). When there is none, says how to get one.
 */
public final class BenchmarkDiscovery {
    private static final String JMH_MAIN_CLASS = "org/openjdk/jmh/Main.class";

    /** What to add to the POM so that javac runs JMH's annotation processor on the test sources. */
    /** Enough to recognise a test tree with benchmarks without reading a huge one whole. */
    private static final int MAX_CLASSES_SCANNED = 20_000;

    public static final String PROCESSOR_SNIPPET = String.join(System.lineSeparator(),
            "  <plugin>",
            "    <groupId>org.apache.maven.plugins</groupId>",
            "    <artifactId>maven-compiler-plugin</artifactId>",
            "    <executions>",
            "      <execution>",
            "        <id>default-testCompile</id>",
            "        <configuration>",
            "          <annotationProcessorPaths>",
            "            <path>",
            "              <groupId>org.openjdk.jmh</groupId>",
            "              <artifactId>jmh-generator-annprocess</artifactId>",
            "              <version>1.37</version>",
            "            </path>",
            "          </annotationProcessorPaths>",
            "        </configuration>",
            "      </execution>",
            "    </executions>",
            "  </plugin>");

    private BenchmarkDiscovery() {
    }

    /**
     * The entries of the BenchmarkList files in {@code classDirectories} (the test classes first, then the main
     * classes when included).
     *
     * @throws IOException when no directory holds a BenchmarkList (the message says how to add the annotation
     *     processor), or a list cannot be read
     */
    public static List<BenchmarkEntry> discover(List<Path> classDirectories) throws IOException {
        return discover(classDirectories, null);
    }

    /**
     * As {@link #discover(List)}, where {@code mainClasses}, when not null, is the main classes directory that is
     * not among {@code classDirectories}: when it alone holds benchmarks, the error says to include it rather than
     * to add the annotation processor to the test compilation.
     */
    public static List<BenchmarkEntry> discover(List<Path> classDirectories, Path mainClasses) throws IOException {
        List<BenchmarkEntry> entries = new ArrayList<>();
        List<Path> looked = new ArrayList<>();
        boolean anyCompiled = false;
        for (Path dir : classDirectories) {
            anyCompiled |= Files.isDirectory(dir);
            Path list = dir.resolve(BenchmarkListReader.RESOURCE);
            looked.add(list);
            if (Files.isRegularFile(list)) {
                entries.addAll(BenchmarkListReader.read(list));
            }
        }
        if (!entries.isEmpty()) {
            return entries;
        }
        int inMain = mainClasses == null || classDirectories.contains(mainClasses) ? 0 : listed(mainClasses);
        if (inMain > 0) {
            throw new IOException("No JMH benchmarks found: " + join(looked) + (looked.size() == 1
                    ? " does not exist or lists nothing" : " do not exist or list nothing") + ", but "
                    + mainClasses.resolve(BenchmarkListReader.RESOURCE) + " lists " + inMain + " benchmark"
                    + (inMain == 1 ? "" : "s") + ": the benchmarks are in the main sources. Add -D"
                    + PerfProperties.INCLUDE_MAIN_CLASSES + "=true to run them (in a multi-module build, from the"
                    + " top with -pl <module> -am).");
        }
        if (!anyCompiled) {
            throw new IOException("No compiled classes in " + join(classDirectories) + ". perf:run runs the JMH"
                    + " benchmarks compiled from the project's test sources: compile them first, e.g."
                    + " 'mvn test-compile io.perfgate:perf-maven-plugin:<version>:run', or bind perf:run to the"
                    + " verify phase.");
        }
        List<String> annotated = classesWithBenchmarks(classDirectories);
        // with @Benchmark classes compiled, the processor did not run: either it is not configured, or the build
        // switches annotation processing off, which adding the processor will not change
        String found = annotated.isEmpty() ? "" : " Yet " + (annotated.size() == 1 ? "a class has"
                : annotated.size() + " classes have") + " @Benchmark methods (" + String.join(", ",
                annotated.subList(0, Math.min(3, annotated.size()))) + (annotated.size() > 3 ? ", ..." : "")
                + "), so the processor did not run when they were compiled. If it is configured already, the build"
                + " switches annotation processing off: look for -proc:none or <proc>none</proc> in the compiler's"
                + " configuration, often set by a parent POM (Apache Commons projects switch it on in their"
                + " 'benchmark' profile: add -Pbenchmark).";
        throw new IOException("No JMH benchmarks found: " + join(looked) + (looked.size() == 1
                ? " does not exist or lists nothing." : " do not exist or list nothing.") + " JMH's annotation"
                + " processor writes it when it compiles classes with @Benchmark methods." + found + " Add the"
                + " processor to the test compilation in the POM's <build><plugins>:"
                + System.lineSeparator() + PROCESSOR_SNIPPET + System.lineSeparator()
                + "or add org.openjdk.jmh:jmh-generator-annprocess:1.37 as a dependency with <scope>test</scope>"
                + " (on JDK 23 and later javac then also needs <proc>full</proc>). Then recompile: 'mvn clean"
                + " test-compile'.");
    }

    /**
     * The classes in {@code classDirectories} that use JMH's {@code @Benchmark} (a runtime annotation, so its type
     * is in the class file), sorted; at most {@link #MAX_CLASSES_SCANNED} files are read.
     */
    static List<String> classesWithBenchmarks(List<Path> classDirectories) throws IOException {
        byte[] marker = "Lorg/openjdk/jmh/annotations/Benchmark;".getBytes(StandardCharsets.US_ASCII);
        List<String> found = new ArrayList<>();
        int scanned = 0;
        for (Path dir : classDirectories) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            List<Path> classes;
            try (Stream<Path> files = Files.walk(dir)) {
                classes = files.filter(f -> f.toString().endsWith(".class") && !f.toString().contains("jmh_generated"))
                        .sorted().limit(MAX_CLASSES_SCANNED).collect(Collectors.toList());
            }
            for (Path c : classes) {
                if (scanned++ >= MAX_CLASSES_SCANNED) {
                    return found;
                }
                if (contains(Files.readAllBytes(c), marker)) {
                    String name = dir.relativize(c).toString().replace(c.getFileSystem().getSeparator(), ".");
                    found.add(name.substring(0, name.length() - ".class".length()));
                }
            }
        }
        return found;
    }

    private static boolean contains(byte[] bytes, byte[] marker) {
        outer:
        for (int i = 0; i + marker.length <= bytes.length; i++) {
            for (int k = 0; k < marker.length; k++) {
                if (bytes[i + k] != marker[k]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /**
     * How many benchmarks the BenchmarkList in {@code classDirectory} lists; 0 when it has none or it cannot be
     * read (it only adds advice to a message).
     */
    public static int listed(Path classDirectory) {
        Path list = classDirectory.resolve(BenchmarkListReader.RESOURCE);
        if (!Files.isRegularFile(list)) {
            return 0;
        }
        try {
            return BenchmarkListReader.read(list).size();
        } catch (IOException e) {
            return 0;
        }
    }

    /** Whether any of {@code classDirectories} holds a BenchmarkList; a project may have only scenarios. */
    public static boolean hasBenchmarkList(List<Path> classDirectories) {
        for (Path dir : classDirectories) {
            if (Files.isRegularFile(dir.resolve(BenchmarkListReader.RESOURCE))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Checks that JMH itself is on the classpath, since the benchmark JVM starts {@code org.openjdk.jmh.Main}.
     *
     * @throws IOException naming the dependency to add
     */
    public static void requireJmhCore(List<Path> classpath) throws IOException {
        for (Path entry : classpath) {
            if (Files.isDirectory(entry) && Files.isRegularFile(entry.resolve(JMH_MAIN_CLASS))) {
                return;
            }
            if (Files.isRegularFile(entry)) {
                try (ZipFile zip = new ZipFile(entry.toFile())) {
                    if (zip.getEntry(JMH_MAIN_CLASS) != null) {
                        return;
                    }
                } catch (IOException e) {
                    // not a jar: cannot hold JMH
                }
            }
        }
        throw new IOException("JMH (org.openjdk.jmh.Main) is not on the test classpath. Add the dependency"
                + " org.openjdk.jmh:jmh-core:1.37 with <scope>test</scope>.");
    }

    private static String join(List<Path> paths) {
        List<String> names = new ArrayList<>();
        for (Path p : paths) {
            names.add(p.toString());
        }
        return String.join(" and ", names);
    }
}
