package io.perfgate.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes files so that a reader sees either the old content or the new, never half of either: the bytes go to a
 * temporary file in the same directory, are forced to disk, and the file is renamed into place. A rename is atomic
 * on POSIX file systems, so a build killed at any point leaves the old file or the new one, and at worst a
 * temporary file beside it, which the next writer holding the {@linkplain #lock lock} removes.
 *
 * <p>A symbolic link is written through: the file it points to gets the new content and the link stays, because a
 * user who links {@code src/perf/baseline.json} to a shared file means that file (a plain rename would replace the
 * link with a regular file and quietly stop sharing it).
 */
public final class AtomicFiles {
    /**
     * How long {@link #lock} waits for another build's writer. Writing a baseline takes milliseconds (the
     * measurement happens before the lock), so a lock held longer than this belongs to a stuck build.
     */
    public static final Duration LOCK_WAIT = Duration.ofSeconds(60);

    private static final long LOCK_POLL_MILLIS = 20;
    /** Linux gives up on a chain of links after 40; a longer chain is a loop. */
    private static final int MAX_LINKS = 40;
    private static final String TEMPORARY_SUFFIX = ".tmp";
    /** What a temporary file's name adds to its target's: the dots and the random number (at most 20 digits). */
    private static final int TEMPORARY_AFFIXES = 2 + 20 + TEMPORARY_SUFFIX.length();
    private static final SecureRandom RANDOM = new SecureRandom();

    private AtomicFiles() {
    }

    public static void writeString(Path target, String content) throws IOException {
        write(target, content.getBytes(StandardCharsets.UTF_8));
    }

    public static void write(Path target, byte[] content) throws IOException {
        Path file = followLinks(target);
        Path dir = file.getParent();
        Files.createDirectories(dir);
        // not Files.createTempFile, which makes the file readable by its owner only: the new file gets the
        // permissions of the one it replaces, or the umask's for a new one, as any editor would give it
        Path tmp = dir.resolve(temporaryPrefix(file) + Long.toUnsignedString(RANDOM.nextLong()) + TEMPORARY_SUFFIX);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                keepPermissions(file, tmp);
                ByteBuffer buf = ByteBuffer.wrap(content);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Gives {@code tmp} the POSIX permissions of {@code file} when both have them (not on Windows). */
    private static void keepPermissions(Path file, Path tmp) throws IOException {
        if (!Files.exists(file) || Files.getFileAttributeView(file, PosixFileAttributeView.class) == null) {
            return;
        }
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
        Files.setPosixFilePermissions(tmp, permissions);
    }

    /**
     * The file that writing {@code target} changes: {@code target} itself, or where its chain of symbolic links
     * ends (which need not exist yet), as an absolute path.
     */
    public static Path followLinks(Path target) throws IOException {
        Path file = target.toAbsolutePath().normalize();
        for (int i = 0; Files.isSymbolicLink(file); i++) {
            if (i == MAX_LINKS) {
                throw new IOException(target + " is a symbolic link that leads to itself through " + MAX_LINKS
                        + " links; point it at a file");
            }
            file = file.getParent().resolve(Files.readSymbolicLink(file)).normalize();
        }
        return file;
    }

    /** {@code .<name>.}, the name shortened where the temporary file's name would be longer than a file system takes. */
    private static String temporaryPrefix(Path file) {
        return "." + FileNames.fit(file.getFileName().toString(), "", FileNames.FILE_SYSTEM_LIMIT - TEMPORARY_AFFIXES)
                + ".";
    }

    /** True for the name of a temporary file {@link #write} makes ({@code .<target's name>.<number>.tmp}). */
    public static boolean isTemporary(String fileName) {
        return fileName.startsWith(".") && fileName.endsWith(TEMPORARY_SUFFIX)
                && fileName.matches("\\..+\\.[0-9]+" + Pattern.quote(TEMPORARY_SUFFIX));
    }

    /**
     * An exclusive lock for writers of {@code target} that must not interleave (the baseline is read, changed and
     * written). Another build's lock is waited for up to {@link #LOCK_WAIT}; one held by this JVM fails at once,
     * since waiting for ourselves would never end. Once held, temporary files that a killed writer left beside the
     * target are removed: no other writer can be using them.
     *
     * <p>The lock file lives in {@link #lockDirectory()}, named after the target's real path, and is never deleted:
     * deleting it on release would let one build lock the deleted file while another locks its replacement, and
     * checking which is which means opening the file again, which on POSIX systems releases the lock. Kept beside
     * the baseline it would show up in every checkout's version control status.
     */
    public static Lock lock(Path target) throws IOException {
        return lock(target, LOCK_WAIT);
    }

    static Lock lock(Path target, Duration wait) throws IOException {
        Path file = followLinks(target);
        Files.createDirectories(file.getParent()); // first: the lock file's name comes from the real directory
        Path lockFile = lockFile(file);
        Files.createDirectories(lockFile.getParent());
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                channel.close();
                throw new IOException(lockFile + " is already held by this JVM; another goal is writing " + file, e);
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
            if (lock != null) {
                removeTemporaries(file);
                return new Lock(channel, lock);
            }
            channel.close();
            if (System.nanoTime() - deadline > 0) {
                throw new IOException("Another build has been writing " + file + " for more than "
                        + wait.getSeconds() + " s (it holds " + lockFile + "); wait for it to finish, or stop it,"
                        + " and try again.");
            }
            try {
                Thread.sleep(LOCK_POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("Interrupted while waiting for another build to finish writing " + file, e);
            }
        }
    }

    /**
     * Where the lock files are: a directory of this user's in the system's temporary directory, shared by every
     * build of this user on this machine.
     */
    public static Path lockDirectory() {
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
        return Paths.get(System.getProperty("java.io.tmpdir"), "perf-maven-plugin-locks-" + user);
    }

    /** The lock file for {@code file}: its name, for people, and a digest of its absolute path, for uniqueness. */
    static Path lockFile(Path file) throws IOException {
        Path parent = file.getParent();
        Path real = Files.isDirectory(parent) ? parent.toRealPath().resolve(file.getFileName()) : file;
        String hex = sha256Hex(real.toString().getBytes(StandardCharsets.UTF_8)).substring(0, 16);
        return lockDirectory().resolve(FileNames.fit(file.getFileName().toString(), "-" + hex + ".lock",
                FileNames.FILE_SYSTEM_LIMIT));
    }

    /** The SHA-256 of {@code bytes} in lower-case hex (64 characters). */
    public static String sha256Hex(byte[] bytes) {
        byte[] digest;
        try {
            digest = MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
        StringBuilder hex = new StringBuilder();
        for (byte b : digest) {
            hex.append(String.format(Locale.ROOT, "%02x", b & 0xFF));
        }
        return hex.toString();
    }

    /** Removes {@code .<name>.*.tmp} files beside {@code file}: the remains of writers killed mid-write. */
    private static void removeTemporaries(Path file) throws IOException {
        String glob = temporaryPrefix(file) + "*" + TEMPORARY_SUFFIX;
        try (DirectoryStream<Path> stale = Files.newDirectoryStream(file.getParent(), glob)) {
            for (Path tmp : stale) {
                if (Files.isRegularFile(tmp, LinkOption.NOFOLLOW_LINKS)) {
                    Files.deleteIfExists(tmp);
                }
            }
        }
    }

    /** A held lock; closing releases it. */
    public static final class Lock implements AutoCloseable {
        private final FileChannel channel;
        private final FileLock lock;

        private Lock(FileChannel channel, FileLock lock) {
            this.channel = channel;
            this.lock = lock;
        }

        @Override
        public void close() throws IOException {
            try {
                lock.release();
            } finally {
                channel.close();
            }
        }
    }
}
