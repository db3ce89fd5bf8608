package io.perfgate.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the CI says about itself through environment variables, read from a map handed in: the Mojos pass
 * {@code System.getenv()}, tests a map of their own, so no test depends on the machine it runs on. Only GitHub
 * Actions is read today: whether the build runs there, where its job summary is, and the address of the run.
 */
public final class CiEnvironment {
    /** {@code true} in every step of a GitHub Actions job. */
    public static final String GITHUB_ACTIONS = "GITHUB_ACTIONS";
    /** The file a step appends Markdown to, shown on the run's summary page. */
    public static final String GITHUB_STEP_SUMMARY = "GITHUB_STEP_SUMMARY";
    public static final String GITHUB_SERVER_URL = "GITHUB_SERVER_URL";
    public static final String GITHUB_REPOSITORY = "GITHUB_REPOSITORY";
    public static final String GITHUB_RUN_ID = "GITHUB_RUN_ID";

    private final Map<String, String> variables;

    private CiEnvironment(Map<String, String> variables) {
        this.variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
    }

    /** The CI as these variables describe it, e.g. {@code System.getenv()}. */
    public static CiEnvironment of(Map<String, String> variables) {
        return new CiEnvironment(variables);
    }

    /** No CI at all. */
    public static CiEnvironment none() {
        return new CiEnvironment(Collections.emptyMap());
    }

    /** True when GitHub Actions runs this build ({@code GITHUB_ACTIONS=true}). */
    public boolean githubActions() {
        return "true".equalsIgnoreCase(value(GITHUB_ACTIONS));
    }

    /** The job summary file on GitHub Actions; empty elsewhere or when the variable is not set. */
    public Optional<String> githubStepSummary() {
        String file = value(GITHUB_STEP_SUMMARY);
        return githubActions() && file != null ? Optional.of(file) : Optional.empty();
    }

    /** The page of this workflow run ({@code https://github.com/o/r/actions/runs/1}), whose artifacts hold the reports. */
    public Optional<String> githubRunUrl() {
        String server = value(GITHUB_SERVER_URL);
        String repository = value(GITHUB_REPOSITORY);
        String run = value(GITHUB_RUN_ID);
        if (!githubActions() || server == null || repository == null || run == null) {
            return Optional.empty();
        }
        return Optional.of(trimSlash(server) + "/" + repository + "/actions/runs/" + run);
    }

    static String trimSlash(String url) {
        String u = url.trim();
        while (u.endsWith("/")) {
            u = u.substring(0, u.length() - 1);
        }
        return u;
    }

    /** The variable's value, trimmed; null when unset or blank. */
    private String value(String name) {
        String v = variables.get(name);
        return v == null || v.trim().isEmpty() ? null : v.trim();
    }
}
