package it.cluster;

import static org.junit.Assert.assertEquals;

import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Map;
import java.util.TreeMap;
import org.junit.AfterClass;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;

/** In the shape of Tez's TestExternalTezServices: the class set-up starts a slow cluster, the method runs a job. */
public class TestWordCount {
    private static String text;
    private Map<String, Integer> counts;

    @BeforeClass
    public static void setUpCluster() throws Exception {
        Thread.sleep(3000);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            sb.append("word").append(i % 1000).append(' ');
        }
        text = sb.toString();
        Files.write(Paths.get(System.getProperty("java.io.tmpdir"), "cluster-started-" + System.nanoTime()),
                new byte[0]);
    }

    @AfterClass
    public static void tearDownCluster() throws InterruptedException {
        Thread.sleep(1000);
    }

    @Before
    public void newJob() {
        counts = new TreeMap<>();
    }

    @Test
    public void testOrderedWordCount() {
        for (int round = 0; round < 5; round++) {
            counts.clear();
            for (String w : text.split(" ")) {
                counts.merge(w, 1, Integer::sum);
            }
        }
        assertEquals(1000, counts.size());
    }
}
