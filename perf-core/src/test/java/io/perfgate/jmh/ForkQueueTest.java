package io.perfgate.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** The queue between this plugin's JMH launches, with stand-ins for the launches: no JMH runs here. */
class ForkQueueTest {
    @TempDir
    Path dir;

    private static long later() {
        return System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    }

    private List<String> tickets() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    /** A ticket as another build writes it: taken {@code ago}, by process {@code pid} started at {@code start}. */
    private Path ticketOf(long pid, Instant start, Duration ago) throws Exception {
        long micros = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now().minus(ago));
        Path file = dir.resolve(String.format(Locale.ROOT, "%019d-%010d-%06d.ticket", micros, pid, 1));
        Files.write(file, ("pid=" + pid + "\nstart=" + (start == null ? "" : start.toEpochMilli()) + "\n")
                .getBytes(StandardCharsets.UTF_8));
        return file;
    }

    /**
     * Two builds that each launch one fork after another take turns, A, B, A, B: the one that waited goes first.
     * Without the queue the build whose fork just ended starts its next at once, and the other keeps polling.
     */
    @Test
    void twoBuildsTakeTurnsForkByFork() throws Exception {
        ForkQueue queue = new ForkQueue(dir);
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch aRuns = new CountDownLatch(1);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread a = new Thread(() -> forks(queue, "A", order, aRuns, failed));
        Thread b = new Thread(() -> {
            try {
                aRuns.await();
            } catch (InterruptedException e) {
                failed.set(e);
                return;
            }
            forks(queue, "B", order, null, failed);
        });
        a.start();
        b.start();
        a.join(TimeUnit.SECONDS.toMillis(60));
        b.join(TimeUnit.SECONDS.toMillis(60));
        assertEquals(null, failed.get());
        assertEquals(List.of("A", "B", "A", "B", "A", "B", "A", "B"), order);
        assertEquals(List.of(), tickets(), "every ticket removed");
    }

    /** Forks that run now: never more than one. */
    private static final java.util.concurrent.atomic.AtomicInteger RUNNING = new java.util.concurrent.atomic.AtomicInteger();

    /** One build's four forks, each in the queue, each "running" 200 ms, alone. */
    private static void forks(ForkQueue queue, String build, List<String> order, CountDownLatch first,
            AtomicReference<Throwable> failed) {
        try {
            for (int fork = 0; fork < 4; fork++) {
                try (ForkQueue.Ticket ticket = queue.enter(later(), ahead -> { })) {
                    if (RUNNING.incrementAndGet() != 1) {
                        failed.set(new AssertionError(build + " runs beside another fork"));
                    }
                    order.add(build);
                    if (first != null) {
                        first.countDown();
                    }
                    Thread.sleep(200);
                    RUNNING.decrementAndGet();
                }
            }
        } catch (Exception e) {
            failed.set(e);
        }
    }

    /** A build that was killed leaves its ticket: a ticket of a process that has ended is removed, not waited for. */
    @Test
    @DisabledOnOs(OS.WINDOWS)
    void aTicketOfAProcessThatEndedIsRemovedNotWaitedFor() throws Exception {
        Process ended = new ProcessBuilder("true").start();
        Instant start = ended.info().startInstant().orElse(null);
        ended.waitFor();
        Path dead = ticketOf(ended.pid(), start, Duration.ofSeconds(5));
        List<Integer> waited = new ArrayList<>();
        try (ForkQueue.Ticket ticket = new ForkQueue(dir).enter(later(), waited::add)) {
            assertEquals(List.of(), waited, "nobody is ahead");
            assertFalse(Files.exists(dead));
        }
    }

    /** A ticket older than the stale age is removed, whatever process has its id now (here, this one's parent). */
    @Test
    void aStaleTicketIsRemoved() throws Exception {
        long parent = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(1L);
        Path old = ticketOf(parent, null, Duration.ofHours(2));
        try (ForkQueue.Ticket ticket = new ForkQueue(dir, Duration.ofHours(1)).enter(later(), ahead -> { })) {
            assertFalse(Files.exists(old));
        }
    }

    /**
     * A live build's ticket ahead is waited for, and said once; when that build is killed, the wait ends, and the
     * ticket is removed.
     */
    @Test
    @DisabledOnOs(OS.WINDOWS)
    void aLiveTicketIsWaitedForUntilItsBuildEnds() throws Exception {
        Process other = new ProcessBuilder("sleep", "60").start();
        try {
            Path ahead = ticketOf(other.pid(), other.info().startInstant().orElse(null), Duration.ofSeconds(1));
            List<Integer> waited = Collections.synchronizedList(new ArrayList<>());
            AtomicReference<ForkQueue.Ticket> entered = new AtomicReference<>();
            Thread waiter = new Thread(() -> {
                try {
                    entered.set(new ForkQueue(dir).enter(later(), waited::add));
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            });
            waiter.start();
            waiter.join(1000);
            assertTrue(waiter.isAlive(), "waits behind the live ticket");
            assertEquals(List.of(1), waited);
            other.destroyForcibly().waitFor();
            waiter.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(waiter.isAlive());
            assertFalse(Files.exists(ahead));
            assertEquals(1, tickets().size());
            entered.get().close();
            assertEquals(List.of(), tickets());
        } finally {
            other.destroyForcibly();
        }
    }

    /** A ticket of a process id now held by a process started at another time is the old build's: removed. */
    @Test
    void aTicketWhoseProcessIdWasReusedIsRemoved() throws Exception {
        long parent = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(1L);
        Path reused = ticketOf(parent, Instant.parse("2020-01-01T00:00:00Z"), Duration.ofSeconds(1));
        try (ForkQueue.Ticket ticket = new ForkQueue(dir).enter(later(), ahead -> { })) {
            assertFalse(Files.exists(reused));
        }
    }

    /** An interrupted wait leaves the queue: its ticket must not hold up the builds behind it. */
    @Test
    void anInterruptedWaitRemovesItsTicket() throws Exception {
        ForkQueue queue = new ForkQueue(dir);
        try (ForkQueue.Ticket first = queue.enter(later(), ahead -> { })) {
            CountDownLatch queued = new CountDownLatch(1);
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread waiter = new Thread(() -> {
                try {
                    queue.enter(later(), ahead -> queued.countDown());
                } catch (Throwable e) {
                    thrown.set(e);
                }
            });
            waiter.start();
            assertTrue(queued.await(30, TimeUnit.SECONDS));
            assertEquals(2, tickets().size());
            waiter.interrupt();
            waiter.join(TimeUnit.SECONDS.toMillis(30));
            assertTrue(thrown.get() instanceof InterruptedException, String.valueOf(thrown.get()));
            assertEquals(List.of(first.file().getFileName().toString()), tickets());
        }
        assertEquals(List.of(), tickets());
    }

    /** A wait past the deadline ends with the count of what is still ahead, and leaves the queue. */
    @Test
    void aWaitPastItsDeadlineSaysWhatIsAheadAndLeaves() throws Exception {
        ForkQueue queue = new ForkQueue(dir);
        try (ForkQueue.Ticket first = queue.enter(later(), ahead -> { })) {
            TimeoutException e = assertThrows(TimeoutException.class,
                    () -> queue.enter(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300), ahead -> { }));
            assertEquals("1 fork of other builds", e.getMessage());
            assertEquals(1, tickets().size());
        }
    }

    /** Tickets appear whole: written beside under a name no reader lists, then renamed. */
    @Test
    void aTicketNamesItsArrivalAndHoldsItsProcess() throws Exception {
        ForkQueue queue = new ForkQueue(dir);
        try (ForkQueue.Ticket one = queue.take(); ForkQueue.Ticket two = queue.take()) {
            assertTrue(one.file().getFileName().toString().compareTo(two.file().getFileName().toString()) < 0,
                    "the later ticket sorts after");
            String content = new String(Files.readAllBytes(one.file()), StandardCharsets.UTF_8);
            assertTrue(content.startsWith("pid=" + ProcessHandle.current().pid() + "\nstart="), content);
            assertEquals(2, tickets().size(), "no file but the tickets: " + tickets());
        }
    }
}
