package io.perfgate.run;

import io.perfgate.config.PerfProperties;
import io.perfgate.log.PerfLog;
import io.perfgate.scenariorunner.ScenarioDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/** Which of the configured scenarios perf:run runs, by {@code perf.scenarioIncludes}. */
public final class ScenarioSelection {
    private ScenarioSelection() {
    }

    /**
     * The configured scenarios whose id holds a match of one of the comma-separated regular expressions of
     * {@code includes}; none for {@code none}. A scenario without an id is kept, so that its validation names the
     * missing id.
     *
     * @throws RunFailedException when an expression is not a regular expression
     */
    public static List<ScenarioDefinition> select(List<ScenarioDefinition> configured, String includes, PerfLog log)
            throws RunFailedException {
        List<ScenarioDefinition> selected = new ArrayList<>();
        String value = includes == null ? PerfProperties.DEFAULT_SCENARIO_INCLUDES : includes.trim();
        if (configured == null || value.equals(PerfProperties.DEFAULT_NONE)) {
            return selected;
        }
        List<Pattern> patterns = new ArrayList<>();
        for (String regex : value.split(",")) {
            try {
                patterns.add(Pattern.compile(regex.trim()));
            } catch (PatternSyntaxException e) {
                throw new RunFailedException(PerfProperties.SCENARIO_INCLUDES + " '" + regex.trim()
                        + "' is not a regular expression: " + e.getDescription());
            }
        }
        for (ScenarioDefinition s : configured) {
            for (Pattern p : patterns) {
                if (s.getId() == null || p.matcher(s.getId()).find()) {
                    selected.add(s);
                    break;
                }
            }
        }
        if (selected.isEmpty() && !configured.isEmpty()) {
            log.warn(PerfProperties.SCENARIO_INCLUDES + "=" + value + " matches none of the scenarios "
                    + configured.stream().map(ScenarioDefinition::getId).collect(Collectors.toList()));
        }
        return selected;
    }
}
