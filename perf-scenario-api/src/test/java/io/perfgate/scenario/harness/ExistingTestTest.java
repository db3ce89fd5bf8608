package io.perfgate.scenario.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Existing JUnit 4 and JUnit 5 tests measured as scenarios. The fixtures are nested classes, which Surefire does
 * not run itself; each class set-up sleeps far longer than its test, so a timed class set-up would show.
 */
class ExistingTestTest {
    private static final long CLASS_SET_UP_MS = 600;
    private static final long TEST_MS = 30;

    @TempDir
    Path dir;

    private final ByteArrayOutputStream output = new ByteArrayOutputStream();

    public static class JUnit4Fixture {
        static int classSetUps;
        static int runs;

        @org.junit.BeforeClass
        public static void startCluster() throws InterruptedException {
            classSetUps++;
            Thread.sleep(CLASS_SET_UP_MS);
        }

        @org.junit.Test
        public void job() throws InterruptedException {
            runs++;
            Thread.sleep(TEST_MS);
        }

        @org.junit.Test
        public void broken() {
            org.junit.Assert.assertEquals("word count", 3, 4);
        }

        @org.junit.Ignore("flaky on Windows")
        @org.junit.Test
        public void ignored() {
        }

        @org.junit.Test
        public void assumed() {
            org.junit.Assume.assumeTrue("needs a native library", false);
        }
    }

    static class JupiterFixture {
        static int classSetUps;
        static int runs;

        @BeforeAll
        static void startCluster() throws InterruptedException {
            classSetUps++;
            Thread.sleep(CLASS_SET_UP_MS);
        }

        @AfterAll
        static void stopCluster() throws InterruptedException {
            Thread.sleep(CLASS_SET_UP_MS);
        }

        @Test
        void job() throws InterruptedException {
            runs++;
            Thread.sleep(TEST_MS);
        }

        @Test
        void broken() {
            org.junit.jupiter.api.Assertions.assertEquals(3, 4, "word count");
        }

        @Disabled("waits for TEZ-1234")
        @Test
        void disabled() {
        }

        void notATest() {
        }
    }

    static class FailingClassSetUp {
        @BeforeAll
        static void startCluster() {
            throw new IllegalStateException("ResourceManager did not start");
        }

        @Test
        void job() {
        }
    }

    private int execute(String test, int warmup, int measured) throws IOException {
        Properties spec = new Properties();
        spec.setProperty(Protocol.SPEC_ID, "demo");
        spec.setProperty(Protocol.SPEC_TEST, test);
        spec.setProperty(Protocol.SPEC_WORK_DIR, dir.resolve("work").toString());
        spec.setProperty(Protocol.SPEC_RESULT_FILE, dir.resolve("result.tsv").toString());
        spec.setProperty(Protocol.SPEC_WARMUP_RUNS, Integer.toString(warmup));
        spec.setProperty(Protocol.SPEC_MEASURED_RUNS, Integer.toString(measured));
        spec.setProperty(Protocol.SPEC_THREAD_GRACE_MS, "200");
        return new ScenarioMain(new PrintStream(output, true, "UTF-8"), spec).execute();
    }

    private List<String> records(String name) throws IOException {
        return Files.readAllLines(dir.resolve("result.tsv"), StandardCharsets.UTF_8).stream()
                .filter(l -> l.startsWith(name + "\t")).collect(Collectors.toList());
    }

    /** The wall times of the runs recorded, in ms. */
    private List<Double> wallMs() throws IOException {
        return records("run").stream().map(l -> {
            for (String field : l.split("\t")) {
                if (field.startsWith(Protocol.WALL_MS + "=")) {
                    return Double.parseDouble(field.substring(Protocol.WALL_MS.length() + 1));
                }
            }
            throw new AssertionError("no wall time in " + l);
        }).collect(Collectors.toList());
    }

    private String error() throws IOException {
        List<String> errors = records("error");
        assertEquals(1, errors.size(), errors::toString);
        return errors.get(0);
    }

    @Test
    void aJUnit4TestIsTimedWithoutItsClassSetUp() throws IOException {
        JUnit4Fixture.classSetUps = 0;
        JUnit4Fixture.runs = 0;
        assertEquals(0, execute(JUnit4Fixture.class.getName() + "#job", 1, 2), output::toString);
        assertEquals(3, JUnit4Fixture.runs, "one warm-up and two measured runs, in this JVM");
        assertEquals(3, JUnit4Fixture.classSetUps, "each run executes the class as Surefire would");
        List<Double> walls = wallMs();
        assertEquals(3, walls.size());
        for (double ms : walls) {
            assertTrue(ms >= TEST_MS && ms < CLASS_SET_UP_MS, "the test's own time only: " + walls);
        }
    }

    @Test
    void aJupiterTestIsTimedWithoutItsClassSetUpOrTearDown() throws IOException {
        JupiterFixture.classSetUps = 0;
        JupiterFixture.runs = 0;
        assertEquals(0, execute(JupiterFixture.class.getName() + "#job", 0, 2), output::toString);
        assertEquals(2, JupiterFixture.runs);
        assertEquals(2, JupiterFixture.classSetUps);
        for (double ms : wallMs()) {
            assertTrue(ms >= TEST_MS && ms < CLASS_SET_UP_MS, "the test's own time only: " + wallMs());
        }
    }

    @Test
    void aFailingTestFailsTheMeasurementWithItsOwnMessage() throws IOException {
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute(JUnit4Fixture.class.getName() + "#broken", 0, 1));
        assertTrue(error().startsWith("error\trun\tmeasured run 1 of 1\ttest broken(" + JUnit4Fixture.class.getName()
                + ") failed: java.lang.AssertionError: word count expected:<3> but was:<4>"), error());
        assertTrue(records("run").isEmpty());

        output.reset();
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute(JupiterFixture.class.getName() + "#broken", 0, 1));
        assertTrue(error().contains("failed: org.opentest4j.AssertionFailedError: word count ==> expected: <3> but was:"
                + " <4>"), error());
    }

    @Test
    void aSkippedTestFailsTheMeasurementSayingWhy() throws IOException {
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute(JUnit4Fixture.class.getName() + "#ignored", 0, 1));
        assertTrue(error().endsWith("was skipped (@Ignore: flaky on Windows), so nothing was measured"), error());
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute(JUnit4Fixture.class.getName() + "#assumed", 0, 1));
        assertTrue(records("error").get(0).contains("skipped"), records("error").toString());

        Files.delete(dir.resolve("result.tsv"));
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute(JupiterFixture.class.getName() + "#disabled", 0, 1));
        assertTrue(error().endsWith("was skipped (waits for TEZ-1234), so nothing was measured"), error());
    }

    @Test
    void aFailedClassSetUpFailsTheMeasurementNamingIt() throws IOException {
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute(FailingClassSetUp.class.getName() + "#job", 0, 1));
        assertTrue(error().contains("failed: java.lang.IllegalStateException: ResourceManager did not start"),
                error());
    }

    @Test
    void aTestThatCannotBeFoundIsALoadError() throws IOException {
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute(JupiterFixture.class.getName() + "#nosuch", 0, 1));
        assertTrue(error().endsWith("has no method nosuch; check <test>"), error());
        Files.delete(dir.resolve("result.tsv"));
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute("com.acme.NoSuchTest#job", 0, 1));
        assertTrue(error().startsWith("error\tload\t\ttest class com.acme.NoSuchTest is not on the scenario classpath"),
                error());
        Files.delete(dir.resolve("result.tsv"));
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute(JupiterFixture.class.getName(), 0, 1));
        assertTrue(error().contains("must name a class and one of its test methods"), error());
        Files.delete(dir.resolve("result.tsv"));
        assertEquals(Protocol.EXIT_SCENARIO_FAILED, execute(JupiterFixture.class.getName() + "#notATest", 0, 1));
        assertTrue(error().contains("did not run: the JUnit Platform found no test notATest"), error());
    }
}
