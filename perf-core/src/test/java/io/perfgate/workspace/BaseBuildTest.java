package io.perfgate.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.perfgate.testing.LogLines;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class BaseBuildTest {
    @TempDir
    Path tmp;
    private final LogLines log = new LogLines();

    @Test
    void theCommandRepeatsThisBuildsSetupOfflineFirst() {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("jmh.version", "1.37");
        props.put("maven.repo.local", "/elsewhere");
        props.put("perf.skip", "false");
        props.put("perf.against", "origin/main");
        BaseBuild build = BaseBuild.builder(Path.of("/opt/maven")).localRepository(Path.of("/repo"))
                .activeProfiles(Arrays.asList("perf", "ci")).userProperties(props).build();
        List<String> c = build.command(Path.of("/co"), Path.of("bench"), Path.of("/co/bench/target/x"), true);
        assertEquals(Path.of("/opt/maven/bin/mvn").toString(), c.get(0));
        assertEquals(Arrays.asList("-B", "-ntp", "-o", "-f", Path.of("/co/pom.xml").toString(), "-pl", "bench", "-am",
                "-P", "perf,ci", "-Djmh.version=1.37", "-Dperf.against=origin/main", "-Dmaven.repo.local=/repo",
                "-DskipTests", "-Dperf.skip=true", "-Dmdep.outputFile=target/perf-base-classpath.txt",
                "-Dmdep.includeScope=test", "test-compile", BaseBuild.DEPENDENCY_PLUGIN + ":build-classpath"),
                c.subList(1, c.size()));
        List<String> online = build.command(Path.of("/co"), Path.of(""), Path.of("x"), false);
        assertFalse(online.contains("-o"));
        assertFalse(online.contains("-pl"));
    }

    /** A build that picks its JDK by toolchain (Apache Avro's) needs the -t file the running build was given. */
    @Test
    void theSettingsAndToolchainsFilesArePassedOn() throws Exception {
        Path settings = Files.createFile(tmp.resolve("settings.xml"));
        Path globalSettings = Files.createFile(tmp.resolve("global-settings.xml"));
        Path toolchains = Files.createFile(tmp.resolve("toolchains.xml"));
        Path globalToolchains = Files.createFile(tmp.resolve("global-toolchains.xml"));
        List<String> c = BaseBuild.builder(Path.of("/opt/maven")).settings(settings, globalSettings)
                .toolchains(toolchains, globalToolchains).build()
                .command(Path.of("/co"), Path.of("bench"), Path.of("x"), true);
        int s = c.indexOf("-s");
        assertEquals(Arrays.asList("-s", settings.toString(), "-gs", globalSettings.toString(), "-t",
                toolchains.toString(), "-gt", globalToolchains.toString()), c.subList(s, s + 8));
        List<String> missing = BaseBuild.builder(Path.of("/opt/maven"))
                .toolchains(tmp.resolve("absent.xml"), null).build()
                .command(Path.of("/co"), Path.of("bench"), Path.of("x"), true);
        assertFalse(missing.contains("-t"), "a toolchains file that does not exist is not passed on");
        assertFalse(missing.contains("-gt"));
    }

    /** The logged command, pasted into a shell, runs the same Maven with the same arguments ('|' included). */
    @Test
    @DisabledOnOs(OS.WINDOWS)
    void theLoggedCommandCanBePastedIntoAShell() throws Exception {
        Path root = project();
        Path args = tmp.resolve("args.txt");
        Path maven = fakeMaven("for a in \"$@\"; do printf '%s\\n' \"$a\"; done > " + args + "\n"
                + "printf '/r/a.jar' > bench/target/perf-base-classpath.txt\n");
        Map<String, String> props = new LinkedHashMap<>();
        props.put("perf.includes", "Codec.*encode|Codec.*decode");
        props.put("name", "two words");
        BaseBuild.builder(maven).userProperties(props).build().buildClasspath("commit abc1234", root,
                Path.of("bench"), Path.of("t"), Path.of("c"), tmp.resolve("base.log"), log);
        List<String> given = Files.readAllLines(args, StandardCharsets.UTF_8);
        String logged = log.infos().stream().filter(l -> l.startsWith("Building commit abc1234: ")).findFirst()
                .orElseThrow(() -> new AssertionError(log.toString()));
        String command = logged.substring("Building commit abc1234: ".length());
        assertTrue(command.startsWith(maven.resolve("bin/mvn") + " -B -ntp -o -f "), command);
        assertTrue(command.contains(" '-Dperf.includes=Codec.*encode|Codec.*decode' "), command);
        Process shell = new ProcessBuilder("sh", "-c", command).directory(root.toFile()).inheritIO().start();
        assertEquals(0, shell.waitFor());
        assertEquals(given, Files.readAllLines(args, StandardCharsets.UTF_8), "the shell passes the same arguments");
    }

    /** A stand-in for bin/mvn: a shell script that acts as the test needs. */
    private Path fakeMaven(String script) throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("maven/bin"));
        Path mvn = bin.resolve("mvn");
        Files.write(mvn, ("#!/bin/sh\n" + script).getBytes(StandardCharsets.UTF_8));
        assertTrue(mvn.toFile().setExecutable(true));
        return tmp.resolve("maven");
    }

    private Path project() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("checkout"));
        Files.createDirectories(root.resolve("bench/target"));
        return root;
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void theClasspathIsTestClassesClassesThenDependencies() throws Exception {
        Path root = project();
        Path maven = fakeMaven("printf '/r/a.jar:/r/b.jar' > bench/target/perf-base-classpath.txt\n");
        List<Path> cp = BaseBuild.builder(maven).build().buildClasspath(root, Path.of("bench"),
                Path.of("target/test-classes"), Path.of("target/classes"), tmp.resolve("base.log"), log);
        assertEquals(Arrays.asList(root.resolve("bench/target/test-classes"), root.resolve("bench/target/classes"),
                Path.of("/r/a.jar"), Path.of("/r/b.jar")), cp);
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void anOfflineBuildThatLacksArtifactsIsRetriedOnline() throws Exception {
        Path root = project();
        Path maven = fakeMaven("case \" $* \" in\n"
                + "  *' -o '*) echo '[ERROR] Cannot access central in offline mode and the artifact x has not been"
                + " downloaded from it before.'; exit 1;;\n"
                + "esac\nprintf '/r/a.jar' > bench/target/perf-base-classpath.txt\n");
        List<Path> cp = BaseBuild.builder(maven).build().buildClasspath(root, Path.of("bench"),
                Path.of("target/test-classes"), Path.of("target/classes"), tmp.resolve("base.log"), log);
        assertEquals(Path.of("/r/a.jar"), cp.get(2));
        assertTrue(log.infos().contains("The offline build of the base lacks artifacts; building it again online"),
                log.toString());
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void aFailedBuildQuotesTheErrorsOfItsLog() throws Exception {
        Path root = project();
        Path maven = fakeMaven("echo '[INFO] Building bench'\n"
                + "echo '[ERROR] COMPILATION ERROR : '\n"
                + "echo '[ERROR] /x/WorkBench.java:[22,40] '\"';'\"' expected'\n"
                + "echo '[ERROR] '\n"
                + "echo '[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.'\n"
                + "echo '[INFO] BUILD FAILURE'\n"
                + "exit 1\n");
        Path logFile = tmp.resolve("base.log");
        CompareException e = assertThrows(CompareException.class, () -> BaseBuild.builder(maven).build()
                .buildClasspath(root, Path.of("bench"), Path.of("t"), Path.of("c"), logFile, log));
        assertTrue(e.getMessage().startsWith("The base commit does not build: mvn failed (exit code 1). From its"
                + " log, " + logFile), e.getMessage());
        assertTrue(e.getMessage().contains("  | [ERROR] /x/WorkBench.java:[22,40] ';' expected"), e.getMessage());
        assertFalse(e.getMessage().contains("full stack trace"), e.getMessage());
        assertFalse(log.infos().stream().anyMatch(l -> l.contains("online")), "a compile error is not retried online");
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void aMissingMavenIsNamed() {
        CompareException e = assertThrows(CompareException.class, () -> BaseBuild.builder(tmp.resolve("nowhere"))
                .build().buildClasspath(tmp, Path.of(""), Path.of("t"), Path.of("c"), tmp.resolve("l.log"),
                        log));
        assertTrue(e.getMessage().startsWith("Cannot run Maven to build the base"), e.getMessage());
        assertTrue(Collections.disjoint(log.infos(), Collections.singleton("")));
    }
}
