package io.perfgate.jmh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;

/**
 * First come, first served between the JMH launches of this plugin's builds on one machine. JMH's own lock file
 * ({@code <java.io.tmpdir>/jmh.lock}) admits one run at a time but keeps no order: a build that polls for it
 * usually loses to the build whose next fork starts the moment the last one ends, and interleaved rounds launch
 * one JMH run per fork, so a second build on the same agent could wait for the whole of the first.
 *
 * <p>Before it launches JMH, a build takes a ticket: a file in {@code <java.io.tmpdir>/perf-jmh-queue/} named by
 * the time it was taken (so that names sort in arrival order), the process id and a number of this process, holding
 * the process id and its start time. The file is written beside and renamed into place, so a reader never sees half
 * of one. The launch waits until no live ticket sorts before its own, runs, and removes its ticket; the build's next
 * fork takes a new ticket at the back, behind the builds that waited meanwhile. A ticket whose process has ended
 * (or whose id now belongs to a process started at another time) or that is older than {@link #STALE} is removed
 * by whoever finds it, so a killed build never blocks the others. Other JMH runs, not of this plugin, know nothing
 * of the queue; JMH's lock keeps them apart as before.
 */
public final class ForkQueue {
    /** The queue's directory, beside JMH's lock file. */
    public static final String DIRECTORY = "perf-jmh-queue";
    /**
     * A ticket older than this is left by a build that cannot be running any more, whatever its process looks like:
     * no single JMH launch of this plugin takes a day.
     */
    static final Duration STALE = Duration.ofHours(24);
    /** How often a waiting launch looks at the queue: the next in line starts within this of the last one's end. */
    static final long POLL_MILLIS = 100;
    /** Start times of one process as two JVMs read them differ by less than this. */
    private static final long SAME_START_MILLIS = 1000;
    private static final String SUFFIX = ".ticket";
    private static final AtomicLong SEQUENCE = new AtomicLong();
    /** The latest time a ticket of this process was named at: names of this process never go back in time. */
    private static final AtomicLong LAST_MICROS = new AtomicLong();

    private final Path directory;
    private final Duration stale;

    public ForkQueue(Path directory) {
        this(directory, STALE);
    }

    ForkQueue(Path directory, Duration stale) {
        this.directory = directory;
        this.stale = stale;
    }

    /** The queue every build of this plugin on the machine shares: {@code <java.io.tmpdir>/perf-jmh-queue}. */
    public static ForkQueue shared() {
        return new ForkQueue(Paths.get(System.getProperty("java.io.tmpdir"), DIRECTORY));
    }

    public Path directory() {
        return directory;
    }

    /** A place in the queue; closing it leaves the queue. */
    public static final class Ticket implements AutoCloseable {
        private final Path file;

        private Ticket(Path file) {
            this.file = file;
        }

        /** The ticket's file, or null when the queue could not be used. */
        Path file() {
            return file;
        }

        @Override
        public void close() {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    // nobody else waits for it: a ticket left behind is removed as stale by the next build
                }
            }
        }
    }

    /**
     * Takes a ticket and waits until it is the oldest live one. A queue that cannot be used (a directory another
     * user made and this one cannot write) is no reason not to measure: the ticket is then empty, and JMH's lock
     * alone keeps runs apart, as without the queue.
     *
     * @param deadline {@link System#nanoTime()} after which to stop waiting
     * @param waiting told once, when this launch has to wait, how many live tickets are ahead of it
     * @return the ticket, to close once JMH has run
     * @throws InterruptedException when interrupted while waiting; the ticket is removed
     * @throws TimeoutException when the deadline passed with tickets still ahead; the ticket is removed
     */
    public Ticket enter(long deadline, IntConsumer waiting) throws InterruptedException, TimeoutException {
        Ticket ticket;
        try {
            ticket = take();
        } catch (IOException e) {
            return new Ticket(null);
        }
        boolean announced = false;
        try {
            while (true) {
                int ahead = ahead(ticket.file.getFileName().toString());
                if (ahead == 0) {
                    return ticket;
                }
                if (!announced) {
                    waiting.accept(ahead);
                    announced = true;
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new TimeoutException(ahead + (ahead == 1 ? " fork" : " forks") + " of other builds");
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (InterruptedException | TimeoutException | RuntimeException e) {
            ticket.close();
            throw e;
        }
    }

    /** Writes a ticket at the back of the queue: beside, then renamed into place, so that it appears whole. */
    Ticket take() throws IOException {
        Files.createDirectories(directory);
        long micros = LAST_MICROS.updateAndGet(last -> Math.max(last + 1,
                ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now())));
        long pid = ProcessHandle.current().pid();
        String name = String.format(Locale.ROOT, "%019d-%010d-%06d%s", micros, pid,
                SEQUENCE.incrementAndGet() % 1_000_000, SUFFIX);
        Optional<Instant> start = ProcessHandle.current().info().startInstant();
        String content = "pid=" + pid + "\nstart=" + start.map(i -> Long.toString(i.toEpochMilli())).orElse("")
                + "\n";
        Path beside = directory.resolve("." + name + ".tmp");
        Files.write(beside, content.getBytes(StandardCharsets.UTF_8));
        Path file = directory.resolve(name);
        try {
            Files.move(beside, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(beside, file);
        } catch (IOException e) {
            Files.deleteIfExists(beside);
            throw e;
        }
        return new Ticket(file);
    }

    /** The live tickets that sort before {@code mine}, removing the dead ones found on the way. */
    int ahead(String mine) {
        List<Path> tickets = new ArrayList<>();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(directory, "*" + SUFFIX)) {
            all.forEach(tickets::add);
        } catch (IOException e) {
            return 0; // the queue is gone: nobody to wait for
        }
        Collections.sort(tickets);
        int ahead = 0;
        for (Path t : tickets) {
            String name = t.getFileName().toString();
            if (name.compareTo(mine) >= 0) {
                break;
            }
            if (live(t, name)) {
                ahead++;
            } else {
                try {
                    Files.deleteIfExists(t);
                } catch (IOException e) {
                    // another user's: skipped all the same
                }
            }
        }
        return ahead;
    }

    /** Whether the ticket's process still runs, and the ticket is younger than the stale age. */
    private boolean live(Path ticket, String name) {
        long micros;
        long pid;
        try {
            micros = Long.parseLong(name.substring(0, 19));
            pid = Long.parseLong(name.substring(20, 30));
        } catch (RuntimeException e) {
            return false; // no ticket of ours
        }
        long nowMicros = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
        if (nowMicros - micros > stale.toNanos() / 1000) {
            return false;
        }
        if (pid == ProcessHandle.current().pid()) {
            return true; // another thread of this build: it removes its ticket itself
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (!process.isPresent() || !process.get().isAlive()) {
            return false;
        }
        // the id may have been given to another process since: its start time tells
        Long recorded = recordedStart(ticket);
        Optional<Instant> started = process.get().info().startInstant();
        return recorded == null || !started.isPresent()
                || Math.abs(started.get().toEpochMilli() - recorded) < SAME_START_MILLIS;
    }

    /** The start time a ticket records, or null when it records none or cannot be read. */
    private static Long recordedStart(Path ticket) {
        try {
            for (String line : Files.readAllLines(ticket, StandardCharsets.UTF_8)) {
                if (line.startsWith("start=") && line.length() > "start=".length()) {
                    return Long.parseLong(line.substring("start=".length()).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // removed meanwhile, or not ours: the process id alone decides
        }
        return null;
    }
}
