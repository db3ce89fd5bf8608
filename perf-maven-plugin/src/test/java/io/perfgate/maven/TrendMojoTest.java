package io.perfgate.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
