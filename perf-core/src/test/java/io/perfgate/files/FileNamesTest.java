package io.perfgate.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Names made from input fit every file system, stay apart when they differ, and are kept as they are when short. */
class FileNamesTest {
    @TempDir
    Path dir;

    @Test
    void aShortNameIsKeptAsItIs() {
        assertEquals("coders-results.json", FileNames.fit("coders", "-results.json"));
    }

    @Test
    void aLongNameIsCutAndEndsWithAHashOfTheWholeName() {
        String a = "io.acme.Bench.parse_size_" + "x".repeat(400) + "_1";
        String b = "io.acme.Bench.parse_size_" + "x".repeat(400) + "_2";

        String fa = FileNames.fit(a, "-results.json");
        String fb = FileNames.fit(b, "-results.json");

        assertNotEquals(fa, fb, "names that differ only at the end stay apart");
        assertEquals(FileNames.LIMIT, fa.getBytes(StandardCharsets.UTF_8).length);
        assertTrue(fa.startsWith("io.acme.Bench.parse_size_xxx") && fa.endsWith("-results.json"), fa);
        assertTrue(fa.matches(".*x-[0-9a-f]{12}-results\\.json"), fa);
        assertEquals(fa, FileNames.fit(a, "-results.json"), "the same name gives the same file name");
    }

    @Test
    void bytesAreCountedNotCharactersAndNoCharacterIsSplit() {
        String name = "\u00e9".repeat(150) + "\ud83d\ude00".repeat(10); // 300 + 40 bytes

        String fitted = FileNames.fit(name, "");

        assertTrue(fitted.getBytes(StandardCharsets.UTF_8).length <= FileNames.LIMIT, fitted);
        assertEquals(fitted, new String(fitted.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8),
                "no half character");
    }

    @Test
    void aFittedNameCanBeWrittenAtomically() throws Exception {
        String fitted = FileNames.fit("t".repeat(10_000), "-results.json");

        AtomicFiles.writeString(dir.resolve(fitted), "{}");

        assertEquals("{}", Files.readString(dir.resolve(fitted)));
    }
}
