package io.perfgate.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.trend.ChangePointOptions;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Paths;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;

class TrendMojoTest {
    private static TrendMojo mojo(String maxPValue, String window) throws Exception {
        TrendMojo mojo = new TrendMojo(null, null);
        set(mojo, "trendMaxPValue", maxPValue);
        set(mojo, "trendWindow", window);
        return mojo;
    }

    private static void set(Object target, String name, String value) throws Exception {
        Field f = TrendMojo.class.getDeclaredField(name);
        f.setAccessible(true);
        f.set(target, value);
    }

    /** The properties' defaults are the detector's: one default, whether set from the POM or not. */
    @Test
    void theDefaultsOfThePropertiesAreTheDetectorsDefaults() throws Exception {
        ChangePointOptions options = mojo(PerfProperties.DEFAULT_TREND_MAX_P_VALUE,
                PerfProperties.DEFAULT_TREND_WINDOW).options();
        ChangePointOptions defaults = ChangePointOptions.defaults();
        assertEquals(defaults.maxPValue(), options.maxPValue());
        assertEquals(defaults.window(), options.window());
        assertEquals(defaults.minMagnitude(), options.minMagnitude());
    }

    @Test
    void aBadValueNamesTheProperty() throws Exception {
        MojoExecutionException notANumber = assertThrows(MojoExecutionException.class,
                () -> mojo("0.1%", "50").options());
        assertTrue(notANumber.getMessage().startsWith("perf.trendMaxPValue = '0.1%' is not a number"),
                notANumber.getMessage());
        MojoExecutionException outOfRange = assertThrows(MojoExecutionException.class,
                () -> mojo("0.001", "1").options());
        assertTrue(outOfRange.getMessage().contains("at least 2 runs, not 1")
                && outOfRange.getMessage().contains("perf.trendWindow"), outOfRange.getMessage());
    }

    /** perf.trendSave: on unless turned off, by the one switch rule (a typo is an error, not "off"). */
    @Test
    void trendSaveIsASwitchThatIsOnByDefault() throws Exception {
        TrendMojo mojo = mojo("0.001", "50");
        set(mojo, "trendSave", PerfProperties.DEFAULT_TRUE);
        assertTrue(mojo.save());
        set(mojo, "trendSave", "FALSE");
        assertEquals(false, mojo.save());
        set(mojo, "trendSave", "no");
        MojoExecutionException e = assertThrows(MojoExecutionException.class, mojo::save);
        assertTrue(e.getMessage().contains("perf.trendSave"), e.getMessage());
    }

    /**
     * The side by side rounds of a change point run JMH with the build's options, as perf:compare's do (a perf
     * profile's short forks, its JVM arguments), not with each benchmark's annotations; and perf:trend lists none of
     * the pre-merge parameters it does not read.
     */
    @Test
    void trendMeasuresWithTheBuildsJmhOptionsAndListsNoPreMergeParameters() throws Exception {
        String descriptor = Files.readString(Paths.get("target", "classes", "META-INF", "maven", "plugin.xml"));
        String trend = descriptor.substring(descriptor.indexOf("<goal>trend</goal>"));
        trend = trend.substring(0, trend.indexOf("</mojo>"));
        for (String jmh : new String[] {"warmupIterations", "warmupTime", "measurementIterations", "measurementTime",
                "mode", "timeUnit", "threads", "params", "jvmArgs", "jmhArgs", "profilers", "timeout", "forkPlan",
                "includes", "excludes"}) {
            assertTrue(trend.contains("<name>" + jmh + "</name>"), "perf:trend reads " + jmh);
        }
        for (String preMerge : new String[] {"against", "treatments", "baselineName", "baselineJvmArgs", "shard",
                "budget", "affected", "comment", "reportUrl", "bisect"}) {
            assertFalse(trend.contains("<name>" + preMerge + "</name>"), "perf:trend does not read " + preMerge);
        }

        TrendMojo mojo = new TrendMojo(null, null);
        for (String[] p : new String[][] {{"includes", PerfProperties.DEFAULT_INCLUDES},
                {"excludes", PerfProperties.DEFAULT_NONE}, {"warmupIterations", "1"}, {"warmupTime", "100ms"},
                {"measurementIterations", "3"}, {"measurementTime", "100ms"}, {"mode", PerfProperties.DEFAULT_AUTO},
                {"timeUnit", PerfProperties.DEFAULT_AUTO}, {"threads", PerfProperties.DEFAULT_AUTO},
                {"params", PerfProperties.DEFAULT_NONE}, {"jvmArgs", "-Xmx1g"},
                {"profilers", PerfProperties.DEFAULT_PROFILERS}, {"timeout", PerfProperties.DEFAULT_AUTO},
                {"jmhArgs", PerfProperties.DEFAULT_NONE}, {"forkPlan", "fixed"}}) {
            set(AbstractJmhMojo.class, mojo, p[0], p[1]);
        }
        java.util.Map<String, String> settings = mojo.jmhOptions().userSettings();
        assertEquals("1", settings.get(PerfProperties.WARMUP_ITERATIONS), settings.toString());
        assertEquals("100ms", settings.get(PerfProperties.MEASUREMENT_TIME), settings.toString());
        assertEquals("-Xmx1g", settings.get(PerfProperties.JVM_ARGS), settings.toString());
    }

    private static void set(Class<?> owner, Object target, String name, String value) throws Exception {
        Field f = owner.getDeclaredField(name);
        f.setAccessible(true);
        f.set(target, value);
    }

    /** perf:trend runs on a copied history with no POM around it; the other goals need their project. */
    @Test
    void trendAloneRunsOutsideAProject() throws Exception {
        String descriptor = Files.readString(Paths.get("target", "classes", "META-INF", "maven", "plugin.xml"));
        String trend = descriptor.substring(descriptor.indexOf("<goal>trend</goal>"));
        trend = trend.substring(0, trend.indexOf("</mojo>"));
        assertTrue(trend.contains("<requiresProject>false</requiresProject>"), trend);
        assertTrue(trend.contains("<name>trendSave</name>"), "perf.trendSave is a parameter of perf:trend");
    }
}
