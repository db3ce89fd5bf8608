package io.perfgate.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;

/**
 * Finds the JMH benchmarks of a project: the {@code META-INF/BenchmarkList} that JMH's annotation processor
 * writes into the test classes (and, when asked, the main classes). When there is none, says how to get one.
 */
public final class BenchmarkDiscovery {
    private static final String JMH_MAIN_CLASS = "org/openjdk/jmh/Main.class";

    /** What to add to the POM so that javac runs JMH's annotation processor on the test sources. */
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
        if (!anyCompiled) {
            throw new IOException("No compiled classes in " + join(classDirectories) + ". perf:run runs the JMH"
                    + " benchmarks compiled from the project's test sources: compile them first, e.g."
                    + " 'mvn test-compile io.perfgate:perf-maven-plugin:<version>:run', or bind perf:run to the"
                    + " verify phase.");
        }
        throw new IOException("No JMH benchmarks found: " + join(looked) + (looked.size() == 1
                ? " does not exist or lists nothing." : " do not exist or list nothing.") + " JMH's annotation processor writes it when it compiles classes with"
                + " @Benchmark methods. Add the processor to the test compilation in the POM's <build><plugins>:"
                + System.lineSeparator() + PROCESSOR_SNIPPET + System.lineSeparator()
                + "or add org.openjdk.jmh:jmh-generator-annprocess:1.37 as a dependency with <scope>test</scope>"
                + " (on JDK 23 and later javac then also needs <proc>full</proc>). Then recompile: 'mvn clean"
                + " test-compile'.");
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
