package io.perfgate.maven;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * This plugin's version, and the versions of the tools it resolves at run time that its POM names (one home for each:
 * the POM's property, written into a resource the build filters).
 */
final class PluginVersion {
    private static final Properties VERSIONS = load();
    private static final String VERSION = VERSIONS.getProperty("version", "unknown");

    private PluginVersion() {
    }

    static String get() {
        return VERSION;
    }

    /** The version of JaCoCo's agent the recording forks of {@code perf.executedCode} run with (jacoco.version). */
    static String jacoco() {
        return VERSIONS.getProperty("jacocoVersion", "unknown");
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = PluginVersion.class.getResourceAsStream("/io/perfgate/version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // "unknown" below
        }
        return p;
    }
}
