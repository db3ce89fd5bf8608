package io.perfgate.jmh;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding a project's benchmarks, and saying what to change when there are none. */
class BenchmarkDiscoveryTest {
    /** This module's test classes: JMH's annotation processor wrote a BenchmarkList for the fixtures. */
    private static final Path TEST_CLASSES = Paths.get("target", "test-classes");
    private static final String FIXTURE = "io/perfgate/jmh/fixtures/AverageTimeFixture.class";

    @TempDir
    Path dir;

    @Test
    void findsTheBenchmarksOfEveryListInOrder() throws Exception {
        Path main = dir.resolve("classes");
        Files.createDirectories(main.resolve("META-INF"));
        Files.write(main.resolve(BenchmarkListReader.RESOURCE), Files.readAllLines(
                TEST_CLASSES.resolve(BenchmarkListReader.RESOURCE), StandardCharsets.UTF_8).subList(0, 1));

        List<BenchmarkEntry> test = BenchmarkDiscovery.discover(Collections.singletonList(TEST_CLASSES));
        List<BenchmarkEntry> both = BenchmarkDiscovery.discover(Arrays.asList(TEST_CLASSES, main));

        assertTrue(test.stream().anyMatch(e -> e.name().equals("io.perfgate.jmh.fixtures.AverageTimeFixture.sumArray")),
                test.toString());
        assertEquals(test.size() + 1, both.size(), "the test classes' entries, then the main classes' one");
        assertEquals(test.get(0).name(), both.get(test.size()).name());
        assertTrue(BenchmarkDiscovery.hasBenchmarkList(Arrays.asList(dir, main)));
        assertFalse(BenchmarkDiscovery.hasBenchmarkList(Collections.singletonList(dir)));
    }

    @Test
    void nothingCompiledAsksToCompileFirst() {
        Path missing = dir.resolve("test-classes");
        IOException e = assertThrows(IOException.class,
                () -> BenchmarkDiscovery.discover(Collections.singletonList(missing)));
        assertTrue(e.getMessage().startsWith("No compiled classes in " + missing + ". perf:run runs the JMH"
                + " benchmarks compiled from the project's test sources: compile them first"), e.getMessage());
    }

    @Test
    void compiledClassesWithoutAListShowHowToAddTheProcessor() throws Exception {
        Path test = Files.createDirectories(dir.resolve("test-classes"));
        Path main = Files.createDirectories(dir.resolve("classes"));
        IOException e = assertThrows(IOException.class, () -> BenchmarkDiscovery.discover(Arrays.asList(test, main)));
        assertTrue(e.getMessage().startsWith("No JMH benchmarks found: " + test.resolve(BenchmarkListReader.RESOURCE)
                + " and " + main.resolve(BenchmarkListReader.RESOURCE) + " do not exist or list nothing."),
                e.getMessage());
        assertTrue(e.getMessage().contains(BenchmarkDiscovery.PROCESSOR_SNIPPET), e.getMessage());
        assertFalse(e.getMessage().contains("@Benchmark methods ("), "no annotated class was compiled");
    }

    /** Benchmarks in the main sources (Apache Avro's lang/java/perf): the error says to include them. */
    @Test
    void benchmarksOnlyInTheMainClassesSayToIncludeThem() throws Exception {
        Path test = Files.createDirectories(dir.resolve("test-classes"));
        Path main = Files.createDirectories(dir.resolve("classes/META-INF")).getParent();
        Files.write(main.resolve(BenchmarkListReader.RESOURCE), Files.readAllLines(
                TEST_CLASSES.resolve(BenchmarkListReader.RESOURCE), StandardCharsets.UTF_8).subList(0, 2));
        IOException e = assertThrows(IOException.class,
                () -> BenchmarkDiscovery.discover(Collections.singletonList(test), main));
        assertEquals("No JMH benchmarks found: " + test.resolve(BenchmarkListReader.RESOURCE) + " does not exist or"
                + " lists nothing, but " + main.resolve(BenchmarkListReader.RESOURCE) + " lists 2 benchmarks: the"
                + " benchmarks are in the main sources. Add -Dperf.includeMainClasses=true to run them (in a"
                + " multi-module build, from the top with -pl <module> -am).", e.getMessage());
        assertFalse(e.getMessage().contains(BenchmarkDiscovery.PROCESSOR_SNIPPET), "not the processor advice");
        assertEquals(2, BenchmarkDiscovery.listed(main));
        assertEquals(0, BenchmarkDiscovery.listed(test));
    }

    /** The class files name @Benchmark; JMH's generated classes are left out. */
    @Test
    void findsTheCompiledClassesWithBenchmarkMethods() throws Exception {
        Path classes = dir.resolve("test-classes");
        Files.createDirectories(classes.resolve(FIXTURE).getParent());
        Files.copy(TEST_CLASSES.resolve(FIXTURE), classes.resolve(FIXTURE));
        Path generated = classes.resolve("io/perfgate/jmh/fixtures/jmh_generated/AverageTimeFixture_sumArray.class");
        Files.createDirectories(generated.getParent());
        Files.copy(TEST_CLASSES.resolve(FIXTURE), generated);
        Files.write(classes.resolve("io/perfgate/jmh/fixtures/Plain.class"), new byte[] {1, 2, 3});

        assertEquals(Collections.singletonList("io.perfgate.jmh.fixtures.AverageTimeFixture"),
                BenchmarkDiscovery.classesWithBenchmarks(Collections.singletonList(classes)));
    }

    @Test
    void jmhMustBeOnTheClasspath() throws Exception {
        Path jmhCore = Paths.get(org.openjdk.jmh.Main.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI());
        Path notAJar = Files.write(dir.resolve("notes.txt"), "x".getBytes(StandardCharsets.UTF_8));
        assertDoesNotThrow(() -> BenchmarkDiscovery.requireJmhCore(Arrays.asList(notAJar, TEST_CLASSES, jmhCore)));

        IOException e = assertThrows(IOException.class,
                () -> BenchmarkDiscovery.requireJmhCore(Arrays.asList(notAJar, TEST_CLASSES)));
        assertEquals("JMH (org.openjdk.jmh.Main) is not on the test classpath. Add the dependency"
                + " org.openjdk.jmh:jmh-core:1.37 with <scope>test</scope>.", e.getMessage());
    }
}
