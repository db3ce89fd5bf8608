package io.perfgate.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JmhOptionsTest {

    @Test
    void nothingSetLeavesEverythingUnsetButTheGcProfiler() throws Exception {
        JmhOptions o = JmhOptions.builder().forks("auto").mode(" ").threads(null).build();
        assertNull(o.forks());
        assertNull(o.warmupTime());
        assertTrue(o.modes().isEmpty());
        assertNull(o.timeout());
        assertEquals(Collections.singletonList("gc"), o.profilers());
        assertTrue(o.userSettings().isEmpty(), o.userSettings().toString());
    }

    @Test
    void valuesAreParsedAndRememberedInCanonicalForm() throws Exception {
        JmhOptions o = JmhOptions.builder().includes("StringBench, Hash.*").excludes("Slow").forks("12")
                .warmupIterations("0").warmupTime("500 ms").measurementIterations("7").measurementTime("2s")
                .mode("AverageTime,sample").timeUnit("microseconds").threads("max").params("size=10, 100;type=a")
                .jvmArgs("-Xmx1g  \"-Dname=a b\"").profilers("gc,stack:lines=3").timeout("20 min")
                .jmhArgs("-wf 1").build();
        assertEquals(Arrays.asList("StringBench", "Hash.*"), o.includes());
        assertEquals(Integer.valueOf(12), o.forks());
        assertEquals(Integer.valueOf(0), o.warmupIterations());
        assertEquals(JmhTime.of(500, TimeUnit.MILLISECONDS), o.warmupTime());
        assertEquals(Arrays.asList(JmhMode.AVERAGE_TIME, JmhMode.SAMPLE_TIME), o.modes());
        assertEquals("us", o.timeUnit());
        assertEquals("max", o.threads());
        assertEquals(Arrays.asList("10", "100"), o.params().get("size"));
        assertEquals(Arrays.asList("-Xmx1g", "-Dname=a b"), o.jvmArgs());
        assertEquals(Arrays.asList("gc", "stack:lines=3"), o.profilers());
        assertEquals(Duration.ofMinutes(20), o.timeout());
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("perf.includes", "StringBench,Hash.*");
        expected.put("perf.excludes", "Slow");
        expected.put("perf.forks", "12");
        expected.put("perf.warmupIterations", "0");
        expected.put("perf.warmupTime", "500ms");
        expected.put("perf.measurementIterations", "7");
        expected.put("perf.measurementTime", "2s");
        expected.put("perf.mode", "avgt,sample");
        expected.put("perf.timeUnit", "us");
        expected.put("perf.threads", "max");
        expected.put("perf.params", "size=10,100;type=a");
        expected.put("perf.jvmArgs", "-Xmx1g \"-Dname=a b\"");
        expected.put("perf.profilers", "gc,stack:lines=3");
        expected.put("perf.timeout", "20min");
        expected.put("perf.jmhArgs", "-wf 1");
        assertEquals(expected, o.userSettings());
    }

    @Test
    void profilersNoneTurnsTheDefaultOff() throws Exception {
        JmhOptions o = JmhOptions.builder().profilers("none").build();
        assertTrue(o.profilers().isEmpty());
        assertEquals("none", o.userSettings().get("perf.profilers"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "forks|abc|perf.forks=abc is not a whole number >= 1 (or auto); example: -Dperf.forks=10",
        "forks|0|perf.forks=0 is not a whole number >= 1 (or auto); example: -Dperf.forks=10",
        "warmupIterations|-1|perf.warmupIterations=-1 is not a whole number >= 0 (or auto); example: -Dperf.warmupIterations=3",
        "measurementIterations|0|perf.measurementIterations=0 is not a whole number >= 1 (or auto); example: -Dperf.measurementIterations=10",
        "warmupTime|1 fortnight|perf.warmupTime=1 fortnight is not a time above zero such as 1 s, 500ms or 2min (or auto); example: -Dperf.warmupTime=1s",
        "measurementTime|0s|perf.measurementTime=0s is not a time above zero such as 1 s, 500ms or 2min (or auto); example: -Dperf.measurementTime=500ms",
        "mode|fast|perf.mode=fast is not a JMH mode: thrpt, avgt, sample, ss or all, comma-separated (or auto); example: -Dperf.mode=avgt",
        "timeUnit|weeks|perf.timeUnit=weeks is not a time unit: ns, us, ms, s, m or h (or auto); example: -Dperf.timeUnit=us",
        "threads|0|perf.threads=0 is not a whole number >= 1, or max (or auto); example: -Dperf.threads=4",
        "params|size|perf.params=size is not a list of name=value,value... separated by ';', each name once; example: -Dperf.params=size=10,100;type=a",
        "params|size=1,;x=2|perf.params=size=1,;x=2 is not a list of name=value,value... separated by ';', each name once; example: -Dperf.params=size=10,100;type=a",
        "timeout|soon|perf.timeout=soon is not a time of at least 1 s such as 90s or 20min (or auto); example: -Dperf.timeout=20min",
        "timeout|-3s|perf.timeout=-3s is not a time of at least 1 s such as 90s or 20min (or auto); example: -Dperf.timeout=20min",
        "warmupTime|abc|perf.warmupTime=abc is not a time above zero such as 1 s, 500ms or 2min (or auto); example: -Dperf.warmupTime=1s",
        "includes|Foo[|perf.includes=Foo[ is not a comma-separated list of regular expressions ('Foo[': Unclosed character class); example: -Dperf.includes=StringBench",
        "jvmArgs|-Dx=\"a|perf.jvmArgs=-Dx=\"a is not a list of arguments separated by spaces (the \" quote at character 5 is not closed); example: -Dperf.jvmArgs=\"-Xmx1g -XX:+UseParallelGC\"",
        "profilers|gc,,stack|perf.profilers=gc,,stack is not a comma-separated list of JMH profilers, each name or name:options (or none); example: -Dperf.profilers=gc,stack",
        "jmhArgs|-f 3|perf.jmhArgs sets -f, which perf.forks controls; use -Dperf.forks=... instead, so that the plugin knows the value",
        "jmhArgs|-f=3|perf.jmhArgs sets -f, which perf.forks controls; use -Dperf.forks=... instead, so that the plugin knows the value",
        "jmhArgs|-rff x.json|perf.jmhArgs sets -rff, which perf:run controls itself (it writes JMH's JSON to target/perf and reads it back); remove it",
    })
    void invalidValueNamesThePropertyAndTheAcceptedForm(String option, String value, String message) {
        JmhOptions.Builder b = JmhOptions.builder();
        set(b, option, value);
        InvalidOptionException e = assertThrows(InvalidOptionException.class, b::build);
        assertEquals(message, e.getMessage());
    }

    @Test
    void everyInvalidValueIsReportedAtOnce() {
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> JmhOptions.builder().forks("many").warmupTime("x").build());
        assertEquals(2, e.problems().size());
        assertTrue(e.getMessage().startsWith("2 perf:run options are invalid:"), e.getMessage());
        assertTrue(e.getMessage().contains("perf.forks=many"), e.getMessage());
        assertTrue(e.getMessage().contains("perf.warmupTime=x"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"1 s,1s", "1s,1s", "500ms,500ms", "500 MS,500ms", "10,10s", "2min,2min", "2m,2min", "250us,250us",
        "1 hr,1hr"})
    void timesAcceptJmhForms(String text, String jmhArgument) {
        assertEquals(jmhArgument, JmhTime.parse(text).toJmhArgument());
    }

    /** The one syntax of durations: what perf.budget and the scenario timeouts accepted, JMH's times accept too. */
    @ParameterizedTest
    @CsvSource({"1.5s,1500ms", "PT20M,20min", "PT90S,90s", "0.5 h,30min", "2d,2day"})
    void timesAcceptTheOneDurationSyntax(String text, String jmhArgument) {
        assertEquals(jmhArgument, JmhTime.parse(text).toJmhArgument());
    }

    @Test
    void aTimeoutMayBeWrittenAsAnyDuration() throws Exception {
        assertEquals(Duration.ofMinutes(90), JmhOptions.builder().timeout("1.5h").build().timeout());
        assertEquals(Duration.ofMinutes(20), JmhOptions.builder().timeout("PT20M").build().timeout());
    }

    @Test
    void timesRoundTripThroughTheirOwnText() {
        JmhTime t = JmhTime.parse("750 ms");
        assertEquals("750 ms", t.toString());
        assertEquals(t, JmhTime.parse(t.toString()));
        assertEquals(t, JmhTime.parse(t.toJmhArgument()));
    }

    @Test
    void argumentsSplitAtSpacesAndKeepQuotedOnesTogether() {
        assertEquals(Arrays.asList("-Xmx1g", "-Dmsg=hello world", "-Dq='x'"),
                CommandLines.split(" -Xmx1g \"-Dmsg=hello world\" \"-Dq='x'\" "));
        assertEquals("-Xmx1g \"-Dmsg=hello world\"", CommandLines.join(Arrays.asList("-Xmx1g", "-Dmsg=hello world")));
        assertEquals("'-Dperf.params=size=1;type=a'", CommandLines.shellQuote("-Dperf.params=size=1;type=a"));
        assertEquals("-Dperf.forks=10", CommandLines.shellQuote("-Dperf.forks=10"));
        assertEquals("'it'\\''s'", CommandLines.shellQuote("it's"));
    }

    private static void set(JmhOptions.Builder b, String option, String value) {
        switch (option) {
            case "forks": b.forks(value); break;
            case "warmupIterations": b.warmupIterations(value); break;
            case "warmupTime": b.warmupTime(value); break;
            case "measurementIterations": b.measurementIterations(value); break;
            case "measurementTime": b.measurementTime(value); break;
            case "mode": b.mode(value); break;
            case "timeUnit": b.timeUnit(value); break;
            case "threads": b.threads(value); break;
            case "params": b.params(value); break;
            case "timeout": b.timeout(value); break;
            case "includes": b.includes(value); break;
            case "jvmArgs": b.jvmArgs(value); break;
            case "profilers": b.profilers(value); break;
            case "jmhArgs": b.jmhArgs(value); break;
            default: throw new IllegalArgumentException(option);
        }
    }
}
