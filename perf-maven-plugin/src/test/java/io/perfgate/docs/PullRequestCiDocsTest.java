package io.perfgate.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The pull-request set-up is shown in several places that must not drift apart: the README's copy-paste block and
 * the how-to page's are one block, its comment workflow follows the measuring workflow by name, and the Jenkins
 * and GitLab blocks of the page are the files in ci-templates. (.ci/lint-workflows checks the workflows themselves
 * against action.yml with actionlint.)
 */
class PullRequestCiDocsTest {
    private static final Path PAGE = DocPages.SITE.resolve("how-to/pull-request-ci.md");

    private static DocPages.Fence fence(Path page, String language, String containing) {
        List<DocPages.Fence> found = DocPages.fences(page).stream()
                .filter(f -> f.language.equals(language) && String.join("\n", f.body).contains(containing))
                .collect(Collectors.toList());
        assertEquals(1, found.size(), DocPages.name(page) + ": one " + language + " block with " + containing);
        return found.get(0);
    }

    @Test
    void theReadmeShowsTheHowTosWorkflowsWordForWord() {
        DocPages.Fence readme = fence(DocPages.README, "sh", ".github/workflows/perf.yml");
        DocPages.Fence page = fence(PAGE, "sh", ".github/workflows/perf.yml");
        assertEquals(page.body, readme.body, "the README's pull-request block is not the how-to page's");
        assertTrue(readme.body.size() <= 30, "the README's block has " + readme.body.size() + " lines, over 30");
    }

    @Test
    void theCommentWorkflowFollowsTheMeasuringWorkflowByName() {
        String block = String.join("\n", fence(PAGE, "sh", ".github/workflows/perf.yml").body);
        Matcher name = Pattern.compile("perf\\.yml <<'EOF'\\nname: (\\S+)\\n").matcher(block);
        Matcher follows = Pattern.compile("workflow_run: \\{ workflows: \\[([^\\]]+)\\]").matcher(block);
        assertTrue(name.find() && follows.find(), block);
        assertEquals(name.group(1), follows.group(1), "perf-comment.yml must follow the measuring workflow");
        assertTrue(block.contains("uses: <owner>/perf-maven-plugin@") && block.contains(
                "uses: <owner>/perf-maven-plugin/comment@"), "the block uses the action and the comment action");
    }

    @Test
    void theJenkinsBlockIsTheTemplate() {
        String block = String.join("\n", fence(PAGE, "groovy", "pipeline {").body) + "\n";
        String template = DocPages.read(DocPages.ROOT.resolve("ci-templates/jenkins/Jenkinsfile"));
        String code = template.lines().dropWhile(l -> l.startsWith("//")).collect(Collectors.joining("\n")) + "\n";
        assertEquals(block, code, "the page's Jenkins block is not ci-templates/jenkins/Jenkinsfile");
    }

    @Test
    void theGitlabBlockSetsTheTemplatesVariables() {
        String template = DocPages.read(DocPages.ROOT.resolve("ci-templates/gitlab/perf-check.gitlab-ci.yml"));
        for (String line : fence(PAGE, "yaml", "include:").body) {
            Matcher variable = Pattern.compile("^  (PERF_[A-Z_]+):").matcher(line);
            if (variable.find()) {
                assertTrue(template.contains("\n  " + variable.group(1) + ":"),
                        variable.group(1) + " is not a variable of the GitLab template");
            }
        }
    }
}
