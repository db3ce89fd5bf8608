package io.perfgate.files;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The one rule for file and directory names made from input the plugin does not choose: a treatment's name, a
 * benchmark's name with its {@code @Param} values, a side's label. File systems take at most
 * {@value #FILE_SYSTEM_LIMIT} bytes in one path element (ext4, XFS, APFS; NTFS counts UTF-16 units, never more
 * than UTF-8 bytes), and a longer name fails only when the file is written, which can be after an hour of
 * measurement. So a name is kept as it is up to {@value #LIMIT} bytes, and a longer one is cut and ends with a
 * short hash of the whole name, which keeps two long names that differ only at the end apart. The whole name is
 * always written inside the file (its results, report or page), so nothing is lost but the file name's length.
 *
 * <p>{@value #LIMIT} rather than {@value #FILE_SYSTEM_LIMIT}: writers add to a name ({@link AtomicFiles}' temporary
 * file {@code .<name>.<random>.tmp}, its lock file {@code <name>-<hash>.lock}), and those must fit too.
 */
public final class FileNames {
    /** The bytes file systems allow in one element of a path. */
    public static final int FILE_SYSTEM_LIMIT = 255;
    /** The bytes a name made from input may take, leaving room for what writers add around it. */
    public static final int LIMIT = 200;
    /** Hex digits of the SHA-256 of the whole name that end a shortened one: 48 bits, no collision in practice. */
    private static final int HASH_DIGITS = 12;
    /** The characters of a name too long for any file system that a message quotes. */
    private static final int QUOTED_START = 40;

    private FileNames() {
    }

    /**
     * {@code name + suffix}, or when that is longer than {@value #LIMIT} bytes, the start of {@code name}, a dash,
     * a hash of the whole name, and {@code suffix}. {@code name} must be a valid path element already (no
     * separator); {@code suffix} is kept whole (e.g. {@code -results.json}).
     */
    public static String fit(String name, String suffix) {
        return fit(name, suffix, LIMIT);
    }

    /** As {@link #fit(String, String)}, within {@code maxBytes} instead of {@value #LIMIT}. */
    public static String fit(String name, String suffix, int maxBytes) {
        if (bytes(name) + bytes(suffix) <= maxBytes) {
            return name + suffix;
        }
        String tail = "-" + AtomicFiles.sha256Hex(name.getBytes(StandardCharsets.UTF_8)).substring(0, HASH_DIGITS)
                + suffix;
        int room = maxBytes - bytes(tail);
        if (room < 1) {
            throw new IllegalArgumentException("a suffix of " + bytes(suffix) + " bytes leaves no room for a name"
                    + " in " + maxBytes + " bytes");
        }
        StringBuilder head = new StringBuilder();
        int used = 0;
        for (int i = 0; i < name.length(); ) {
            int codePoint = name.codePointAt(i);
            int size = bytes(new String(Character.toChars(codePoint)));
            if (used + size > room) {
                break;
            }
            head.appendCodePoint(codePoint);
            used += size;
            i += Character.charCount(codePoint);
        }
        return head + tail;
    }

    /** Whether {@code name} fits one path element of any file system the plugin runs on. */
    public static boolean fitsFileSystem(String name) {
        return bytes(name) <= FILE_SYSTEM_LIMIT;
    }

    /**
     * Why no file system can hold the path a user gave in {@code property} (a name in it longer than
     * {@value #FILE_SYSTEM_LIMIT} bytes), or empty when one can: asked before the measurement whose results would
     * be written there, since the write would fail only after it. The message quotes only the start of the name.
     */
    public static Optional<String> unwritable(String property, Path path) {
        for (Path element : path) {
            String name = element.toString();
            if (!fitsFileSystem(name)) {
                String start = name.substring(0, name.offsetByCodePoints(0, Math.min(QUOTED_START,
                        name.codePointCount(0, name.length()))));
                return Optional.of(String.format(Locale.ROOT, "%s cannot be written: a name in its path is %,d bytes"
                        + " long (it starts '%s'), and file systems take at most %d in one name; give a shorter"
                        + " path", property, bytes(name), start, FILE_SYSTEM_LIMIT));
            }
        }
        return Optional.empty();
    }

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
