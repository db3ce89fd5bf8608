package io.perfgate.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the bytes go when the target is a link or outside the project, and what a stale writer leaves. */
class AtomicFilesTest {
    @TempDir
    Path dir;

    @Test
    void aSymbolicLinkIsWrittenThroughAndKept() throws Exception {
        Path shared = dir.resolve("shared/baseline.json");
        Files.createDirectories(shared.getParent());
        Files.write(shared, "old".getBytes(StandardCharsets.UTF_8));
        Path link = dir.resolve("project/src/perf/baseline.json");
        Files.createDirectories(link.getParent());
        Files.createSymbolicLink(link, Paths.get("../../../shared/baseline.json"));

        AtomicFiles.writeString(link, "new");

        assertTrue(Files.isSymbolicLink(link), "the link is kept");
        assertEquals("new", new String(Files.readAllBytes(shared), StandardCharsets.UTF_8));
    }

    @Test
    void aReplacedFileKeepsItsPermissionsAndANewOneGetsTheUmasks() throws Exception {
        Path shared = dir.resolve("baseline.json");
        Files.write(shared, "old".getBytes(StandardCharsets.UTF_8));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rw-rw-r--"));

        AtomicFiles.writeString(shared, "new");

        assertEquals("rw-rw-r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(shared)));
        Path byEditor = Files.createFile(dir.resolve("editor.json"));
        Path fresh = dir.resolve("fresh.json");
        AtomicFiles.writeString(fresh, "{}");
        assertEquals(Files.getPosixFilePermissions(byEditor), Files.getPosixFilePermissions(fresh),
                "not the owner-only permissions of a temporary file");
    }

    /**
     * A name the file system takes (here 240 bytes) is written, although the temporary file beside it would be
     * longer than 255 bytes were it named after the whole name; and so is its lock.
     */
    @Test
    void aNameNearTheFileSystemsLimitIsWrittenAndLocked() throws Exception {
        Path file = dir.resolve("t".repeat(227) + "-results.json");

        try (AtomicFiles.Lock lock = AtomicFiles.lock(file)) {
            AtomicFiles.writeString(file, "{}");
        }

        assertEquals("{}", new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
    }

    @Test
    void aLinkToAFileNotYetThereCreatesItWhereTheLinkLeads() throws Exception {
        Path link = dir.resolve("baseline.json");
        Files.createSymbolicLink(link, dir.resolve("elsewhere/real.json"));

        AtomicFiles.writeString(link, "first");

        assertTrue(Files.isSymbolicLink(link));
        assertEquals("first", new String(Files.readAllBytes(dir.resolve("elsewhere/real.json")),
                StandardCharsets.UTF_8));
    }

    @Test
    void aLinkThatLeadsToItselfIsRefusedByName() throws Exception {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        Files.createSymbolicLink(a, b);
        Files.createSymbolicLink(b, a);

        IOException e = assertThrows(IOException.class, () -> AtomicFiles.writeString(a, "x"));

        assertEquals(a.toAbsolutePath() + " is a symbolic link that leads to itself through 40 links; point it at a"
                + " file", e.getMessage());
    }

    @Test
    void takingTheLockRemovesWhatAKilledWriterLeftAndNothingElse() throws Exception {
        Path baseline = dir.resolve("baseline.json");
        Files.write(baseline, "{}".getBytes(StandardCharsets.UTF_8));
        Path stale = Files.createTempFile(dir, ".baseline.json.", ".tmp");
        Path other = Files.createTempFile(dir, ".results.json.", ".tmp");

        try (AtomicFiles.Lock lock = AtomicFiles.lock(baseline)) {
            assertFalse(Files.exists(stale), "a killed baseline writer's temporary file is removed");
        }

        assertTrue(Files.exists(other), "another file's temporary file is not this lock's to remove");
        assertTrue(Files.exists(baseline));
    }

    @Test
    void theLockFileIsNamedAfterTheFileAndLivesOutsideTheProject() throws Exception {
        Path baseline = dir.resolve("src/perf/baseline.json");
        try (AtomicFiles.Lock lock = AtomicFiles.lock(baseline)) {
            Path lockFile = AtomicFiles.lockFile(AtomicFiles.followLinks(baseline));
            assertTrue(lockFile.startsWith(AtomicFiles.lockDirectory()), lockFile.toString());
            assertTrue(lockFile.getFileName().toString().matches("baseline\\.json-[0-9a-f]{16}\\.lock"),
                    lockFile.toString());
        }
        try (java.util.stream.Stream<Path> files = Files.list(baseline.getParent())) {
            assertEquals(0, files.count(), "nothing is left beside the baseline");
        }
    }

    @Test
    void aPlainFileInTheProjectNeedsNoWord() throws Exception {
        assertEquals(Optional.empty(), WriteLocation.note("The baseline", dir.resolve("p/src/perf/baseline.json"),
                dir.resolve("p")));
    }

    @Test
    void aFileOutsideTheProjectIsSaidToBe() throws Exception {
        Path outside = dir.resolve("shared/baseline.json");
        assertEquals(Optional.of("The baseline " + outside + " is written where it is; that is outside the project ("
                + dir.resolve("p") + "), so it is not in this checkout's version control, and other builds writing"
                + " it wait for each other's lock."), WriteLocation.note("The baseline", outside, dir.resolve("p")));
    }

    @Test
    void aLinkSaysWhereItLeads() throws Exception {
        Path link = dir.resolve("p/src/perf/baseline.json");
        Files.createDirectories(link.getParent());
        Path target = dir.resolve("p/baselines/linux.json");
        Files.createSymbolicLink(link, target);
        assertEquals(Optional.of("The baseline " + link + " is a symbolic link: the file it leads to, " + target
                + ", is written, and the link is kept."), WriteLocation.note("The baseline", link, dir.resolve("p")));
    }
}
