package io.perfgate.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a user should know before a file is written somewhere they may not expect: through a symbolic link, or
 * outside the project. Both are allowed on purpose (a baseline shared by several checkouts, results kept on a
 * bigger disk); the build says where the bytes go, so that nobody is surprised to find a file changed elsewhere.
 */
public final class WriteLocation {
    private WriteLocation() {
    }

    /**
     * A sentence for the log when writing {@code file} (called {@code what}, e.g. "The baseline") changes a file
     * through a link or outside {@code projectRoot}; empty when it is a plain file in the project.
     */
    public static Optional<String> note(String what, Path file, Path projectRoot) throws IOException {
        Path written = AtomicFiles.followLinks(file);
        Path root = projectRoot.toAbsolutePath().normalize();
        boolean linked = !written.equals(file.toAbsolutePath().normalize());
        boolean outside = !underRoot(written, root);
        if (!linked && !outside) {
            return Optional.empty();
        }
        StringBuilder s = new StringBuilder(what).append(' ').append(file);
        if (linked) {
            s.append(" is a symbolic link: the file it leads to, ").append(written)
                    .append(", is written, and the link is kept");
        } else {
            s.append(" is written where it is");
        }
        if (outside) {
            s.append("; that is outside the project (").append(root).append("), so it is not in this checkout's"
                    + " version control, and other builds writing it wait for each other's lock");
        }
        return Optional.of(s.append('.').toString());
    }

    /** Under the root as the file system sees it: a project reached through a link still contains its files. */
    private static boolean underRoot(Path file, Path root) throws IOException {
        if (file.startsWith(root)) {
            return true;
        }
        Path realRoot = Files.exists(root) ? root.toRealPath() : root;
        Path existing = file;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        Path realFile = existing == null ? file : existing.toRealPath().resolve(existing.relativize(file));
        return realFile.normalize().startsWith(realRoot);
    }
}
