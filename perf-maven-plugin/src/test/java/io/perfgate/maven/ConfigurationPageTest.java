package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** src/site/markdown/configuration.md documents every perf.* property, and no property that does not exist. */
class ConfigurationPageTest {
    @Test
    void everyPropertyIsDocumentedAndNothingElse() throws Exception {
        String page = Files.readString(Path.of("../src/site/markdown/configuration.md"), StandardCharsets.UTF_8);
        List<String> properties = new ArrayList<>();
        for (Field f : PerfProperties.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                String value = (String) f.get(null);
                if (value.startsWith(PerfProperties.PREFIX) && value.length() > PerfProperties.PREFIX.length()) {
                    properties.add(value);
                }
            }
        }
        List<String> undocumented = new ArrayList<>();
        for (String p : properties) {
            if (!page.contains("| `" + p + "` |")) {
                undocumented.add(p);
            }
        }
        assertEquals(List.of(), undocumented, "properties without a row in configuration.md");

        List<String> unknown = new ArrayList<>();
        Matcher rows = Pattern.compile("^\\| `(perf\\.[A-Za-z0-9.]+)` \\|", Pattern.MULTILINE).matcher(page);
        while (rows.find()) {
            if (!properties.contains(rows.group(1))) {
                unknown.add(rows.group(1));
            }
        }
        assertEquals(List.of(), unknown, "rows in configuration.md for properties PerfProperties does not have");
    }
}
