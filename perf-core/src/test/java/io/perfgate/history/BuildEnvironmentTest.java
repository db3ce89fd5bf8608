package io.perfgate.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;

class BuildEnvironmentTest {
    @Test
    void gitHubActionsLinksTheWorkflowRun() {
        BuildEnvironment env = BuildEnvironment.of(Map.of("GITHUB_SERVER_URL", "https://github.com/",
                "GITHUB_REPOSITORY", "acme/parser", "GITHUB_RUN_ID", "1234", "GITHUB_REF_NAME", "main"));
        assertEquals("https://github.com/acme/parser/actions/runs/1234", env.buildUrl());
        assertEquals("main", env.branch());
    }

    @Test
    void gitLabAndJenkinsGiveTheirOwnLinks() {
        assertEquals("https://gitlab.example.org/acme/parser/-/jobs/77", BuildEnvironment.of(Map.of("CI_JOB_URL",
                "https://gitlab.example.org/acme/parser/-/jobs/77", "CI_COMMIT_REF_NAME", "main")).buildUrl());
        BuildEnvironment jenkins = BuildEnvironment.of(Map.of("BUILD_URL", "https://jenkins.example.org/job/p/9/",
                "BRANCH_NAME", "release"));
        assertEquals("https://jenkins.example.org/job/p/9/", jenkins.buildUrl());
        assertEquals("release", jenkins.branch());
    }

    @Test
    void outsideCiThereIsNoLink() {
        assertNull(BuildEnvironment.none().buildUrl());
        assertNull(BuildEnvironment.of(Map.of("GITHUB_REPOSITORY", "acme/parser", "BUILD_URL", " ")).buildUrl());
        assertNull(BuildEnvironment.none().branch());
    }
}
