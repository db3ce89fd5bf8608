package io.perfgate.maven;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** This plugin's version, from the resource the build filters. */
final class PluginVersion {
    private static final String VERSION = load();

    private PluginVersion() {
    }

    static String get() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = PluginVersion.class.getResourceAsStream("/io/perfgate/version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
