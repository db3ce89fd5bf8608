package io.perfgate.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every command shown in a shell block ({@code ```sh}, {@code ```bash}, {@code ```shell}) of the README and the
 * site is either one an invoker IT runs and expects to succeed, or is marked {@code <!-- illustrative -->} on the
 * line before its block, or {@code <!-- rehearsed: NAME -->} right before it (the CI recipes, which
 * {@code .ci/rehearse-recipes} runs). A Maven command matches an IT's when both run the same goals and phases in the same
 * order with the same {@code -D} property names; values, profiles ({@code -P}) and Maven's own switches are not
 * compared, and {@code io.perfgate:perf-maven-plugin:<version>:run} counts as {@code perf:run}.
 */
class DocCommandsTest {
    private static final Path ITS = DocPages.ROOT.resolve("perf-maven-plugin-it/src/it");

    /** Maven options whose value is the next word. */
    private static final Set<String> OPTIONS_WITH_VALUE = Set.of("-pl", "--projects", "-f", "--file", "-s",
            "--settings", "-gs", "--global-settings", "-rf", "--resume-from", "-T", "--threads", "-P",
            "--activate-profiles", "-l", "--log-file", "-t", "--toolchains", "-b", "--builder", "-D", "--define");

    @Test
    void everyShellCommandIsRunByAnItOrMarkedIllustrative() throws IOException {
        Set<Command> tested = itInvocations(true);
        List<String> untested = new ArrayList<>();
        for (Path page : DocPages.pages()) {
            for (DocPages.Fence fence : DocPages.fences(page)) {
                if (!fence.isShell() || fence.illustrative || fence.rehearsed) {
                    continue;
                }
                for (String line : DocPages.commands(fence)) {
                    Command c = Command.parse(line);
                    if (c == null || !tested.contains(c)) {
                        untested.add(fence.where() + ": " + line + (c == null ? " (not a Maven command)"
                                : " (as " + c + ")"));
                    }
                }
            }
        }
        assertEquals(List.of(), untested, "shell commands that no invoker IT runs with success; make an IT run"
                + " them, or put " + DocPages.ILLUSTRATIVE + " on the line before their block");
    }

    /**
     * A block that starts with a command without saying it is shell would escape the rule above. (Log output and
     * the methodology examples, which quote a command inside other text, start otherwise.)
     */
    @Test
    void commandBlocksSayTheyAreShell() {
        List<String> unlabelled = new ArrayList<>();
        for (Path page : DocPages.pages()) {
            for (DocPages.Fence fence : DocPages.fences(page)) {
                if (!fence.language.isEmpty()) {
                    continue;
                }
                String first = fence.body.stream().map(String::trim).filter(l -> !l.isEmpty()).findFirst()
                        .orElse("");
                if (first.startsWith("mvn ") || first.startsWith("./mvnw ") || first.startsWith("git ")) {
                    unlabelled.add(fence.where() + ": " + first);
                }
            }
        }
        assertEquals(List.of(), unlabelled, "blocks of commands without a language; open them with ```sh");
    }

    /** The matcher itself, on the forms the pages use. */
    @Test
    void commandsCompareByGoalsAndPropertyNames() {
        assertEquals(Command.parse("mvn verify -Dperf.against=main -Dperf.maxForks=6"),
                Command.parse("./mvnw -B -ntp -Pperf verify -Dperf.maxForks=15 -Dperf.against=origin/main"));
        assertEquals(Command.parse("mvn test-compile perf:run -Dperf.includes=x"),
                Command.parse("mvn test-compile io.perfgate:perf-maven-plugin:0.1.0-SNAPSHOT:run -Dperf.includes=Y"));
        assertEquals(Command.parse("mvn perf:run"),
                Command.parse("mvn ${project.groupId}:perf-maven-plugin:${project.version}:run"));
        assertFalse(Command.parse("mvn verify perf:baseline").equals(Command.parse("mvn perf:baseline verify")));
        assertFalse(Command.parse("mvn verify").equals(Command.parse("mvn verify -Dperf.against=main")));
        assertEquals(Command.parse("mvn -pl bench -am verify"), Command.parse("mvn verify"));
        assertEquals(null, Command.parse("git clone https://example.org/x.git"));
        assertTrue(itInvocations(true).contains(Command.parse("mvn verify -Pperf perf:baseline")));
    }

    /**
     * The Maven command lines of the invoker ITs ({@code invoker.goals} and {@code invoker.goals.N}), only those
     * expected to succeed when {@code successOnly}.
     */
    static Set<Command> itInvocations(boolean successOnly) {
        Set<Command> commands = new TreeSet<>();
        List<Path> files;
        try (Stream<Path> dirs = Files.list(ITS)) {
            files = dirs.map(d -> d.resolve("invoker.properties")).filter(Files::isRegularFile).sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        for (Path file : files) {
            Properties p = new Properties();
            try {
                p.load(new StringReader(DocPages.read(file)));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            for (String key : p.stringPropertyNames()) {
                if (!key.equals("invoker.goals") && !key.startsWith("invoker.goals.")) {
                    continue;
                }
                String suffix = key.substring("invoker.goals".length());
                String result = p.getProperty("invoker.buildResult" + suffix, "success").trim();
                if (successOnly && !result.equals("success")) {
                    continue;
                }
                commands.add(Command.parse("mvn " + p.getProperty(key).replace(',', ' ')));
            }
        }
        return commands;
    }

    /** What two Maven commands are compared by: the goals and phases in order, and the -D property names. */
    static final class Command implements Comparable<Command> {
        final List<String> goals;
        final Set<String> properties;

        private Command(List<String> goals, Set<String> properties) {
            this.goals = goals;
            this.properties = properties;
        }

        /** Null when the line does not run Maven. */
        static Command parse(String line) {
            List<String> words = DocPages.words(line);
            if (words.isEmpty() || !(words.get(0).equals("mvn") || words.get(0).endsWith("mvnw"))) {
                return null;
            }
            List<String> goals = new ArrayList<>();
            Set<String> properties = new TreeSet<>();
            for (int i = 1; i < words.size(); i++) {
                String w = words.get(i);
                if (w.equals("-D") || w.equals("--define")) {
                    if (i + 1 < words.size()) {
                        properties.add(name(words.get(++i)));
                    }
                } else if (w.startsWith("-D")) {
                    properties.add(name(w.substring(2)));
                } else if (OPTIONS_WITH_VALUE.contains(w)) {
                    i++;
                } else if (!w.startsWith("-")) {
                    goals.add(goal(w));
                }
            }
            return new Command(goals, properties);
        }

        private static String name(String definition) {
            int eq = definition.indexOf('=');
            return eq < 0 ? definition : definition.substring(0, eq);
        }

        /** {@code group:perf-maven-plugin[:version]:goal} as {@code perf:goal}; anything else as written. */
        private static String goal(String word) {
            String[] parts = word.split(":");
            if (parts.length >= 3 && parts[1].equals("perf-maven-plugin")) {
                return "perf:" + parts[parts.length - 1];
            }
            return word;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Command && goals.equals(((Command) o).goals)
                    && properties.equals(((Command) o).properties);
        }

        @Override
        public int hashCode() {
            return Objects.hash(goals, properties);
        }

        @Override
        public int compareTo(Command o) {
            return toString().compareTo(o.toString());
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(String.join(" ", goals));
            for (String p : properties) {
                sb.append(" -D").append(p);
            }
            return sb.toString();
        }
    }
}
