package io.perfgate.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.config.PerfProperties;
import io.perfgate.trend.ChangePointOptions;
import java.lang.reflect.Field;
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
}
