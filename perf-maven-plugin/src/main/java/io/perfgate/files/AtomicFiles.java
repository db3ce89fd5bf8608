package io.perfgate.files;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes files so that a reader sees either the old content or the new, never half of either: the bytes
 * go to a temporary file in the same directory, are forced to disk, and the file is renamed into place.
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    public static void writeString(Path target, String content) throws IOException {
        write(target, content.getBytes(StandardCharsets.UTF_8));
    }

    public static void write(Path target, byte[] content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(content);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** An exclusive lock on {@code <target>.lock}, for writers that must not interleave (the baseline). */
    public static Lock lock(Path target) throws IOException {
        Path lockFile = target.resolveSibling(target.getFileName() + ".lock");
        Files.createDirectories(lockFile.toAbsolutePath().getParent());
        FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                throw new IOException(lockFile + " is held by another process; is another build writing "
                        + target.getFileName() + "? Wait for it to finish and try again.");
            }
            return new Lock(channel, lock, lockFile);
        } catch (OverlappingFileLockException e) {
            channel.close();
            throw new IOException(lockFile + " is already held by this JVM; another goal is writing "
                    + target.getFileName(), e);
        }
    }

    /** Releases the lock and removes the lock file. */
    public static final class Lock implements AutoCloseable {
        private final FileChannel channel;
        private final FileLock lock;
        private final Path file;

        private Lock(FileChannel channel, FileLock lock, Path file) {
            this.channel = channel;
            this.lock = lock;
            this.file = file;
        }

        @Override
        public void close() throws IOException {
            try {
                lock.release();
            } finally {
                channel.close();
                Files.deleteIfExists(file);
            }
        }
    }
}
