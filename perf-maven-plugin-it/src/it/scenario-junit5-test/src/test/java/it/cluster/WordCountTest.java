package it.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A test as projects write them: the class set-up starts a (here simulated, slow) cluster, the method runs a job. */
class WordCountTest {
    static final long CLUSTER_START_MS = 3000;
    private static String text;

    @BeforeAll
    static void startCluster() throws Exception {
        Thread.sleep(CLUSTER_START_MS);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            sb.append("word").append(i % 1000).append(' ');
        }
        text = sb.toString();
        // a marker the IT reads: the class set-up ran, once per execution
        Files.write(Paths.get(System.getProperty("java.io.tmpdir"), "cluster-started-" + System.nanoTime()),
                new byte[0]);
    }

    @AfterAll
    static void stopCluster() throws InterruptedException {
        Thread.sleep(1000);
    }

    @Test
    void countsWords() throws IOException {
        long sum = 0;
        for (int round = 0; round < 5; round++) {
            Map<String, Integer> counts = new HashMap<>();
            for (String w : text.split(" ")) {
                counts.merge(w, 1, Integer::sum);
            }
            sum += counts.size();
        }
        assertEquals(5000, sum);
    }
}
