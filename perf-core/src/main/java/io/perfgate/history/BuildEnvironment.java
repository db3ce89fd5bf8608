package io.perfgate.history;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a CI server tells a build through its environment variables, read in this one place: the link to the build
 * that measured a run, and the branch when the checkout is detached (as CI checkouts usually are). The variables
 * are handed in, so tests give their own and the Mojo gives {@code System.getenv()}.
 */
public final class BuildEnvironment {
    static final String GITHUB_SERVER_URL = "GITHUB_SERVER_URL";
    static final String GITHUB_REPOSITORY = "GITHUB_REPOSITORY";
    static final String GITHUB_RUN_ID = "GITHUB_RUN_ID";
    static final String GITHUB_REF_NAME = "GITHUB_REF_NAME";
    static final String GITLAB_JOB_URL = "CI_JOB_URL";
    static final String GITLAB_REF_NAME = "CI_COMMIT_REF_NAME";
    static final String JENKINS_BUILD_URL = "BUILD_URL";
    static final String JENKINS_BRANCH_NAME = "BRANCH_NAME";

    private final Map<String, String> variables;

    private BuildEnvironment(Map<String, String> variables) {
        this.variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
    }

    public static BuildEnvironment of(Map<String, String> variables) {
        return new BuildEnvironment(variables);
    }

    /** A build outside CI: no link, no branch. */
    public static BuildEnvironment none() {
        return of(Map.of());
    }

    /** The web page of the CI build running now (GitHub Actions, GitLab CI, Jenkins), or null outside CI. */
    public String buildUrl() {
        String server = get(GITHUB_SERVER_URL);
        String repository = get(GITHUB_REPOSITORY);
        String run = get(GITHUB_RUN_ID);
        if (server != null && repository != null && run != null) {
            return stripSlash(server) + "/" + repository + "/actions/runs/" + run;
        }
        String gitlab = get(GITLAB_JOB_URL);
        return gitlab != null ? gitlab : get(JENKINS_BUILD_URL);
    }

    /** The branch the CI says it builds, or null. */
    public String branch() {
        for (String name : new String[] {GITHUB_REF_NAME, GITLAB_REF_NAME, JENKINS_BRANCH_NAME}) {
            String value = get(name);
            if (value != null) {
                return value;
            }
        }
        return null;
    }

    private String get(String name) {
        String value = variables.get(name);
        return value == null || value.trim().isEmpty() ? null : value.trim();
    }

    private static String stripSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
