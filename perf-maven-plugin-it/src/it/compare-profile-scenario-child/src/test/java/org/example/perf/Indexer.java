package org.example.perf;

import java.util.HashMap;
import java.util.Map;

/** The job's own JVM: indexes generated documents PASSES times. */
public final class Indexer {
    static final int PASSES = 4;

    public static void main(String[] args) {
        String[] documents = new String[20_000];
        for (int i = 0; i < documents.length; i++) {
            documents[i] = "doc" + i + " term" + (i % 97) + " term" + (i % 89) + " term" + (i % 13);
        }
        long postings = 0;
        for (int pass = 0; pass < PASSES; pass++) {
            postings += index(documents);
        }
        System.out.println("postings " + postings);
    }

    static int index(String[] documents) {
        Map<String, Integer> index = new HashMap<>();
        for (String d : documents) {
            for (String term : d.split(" ")) {
                index.merge(term, 1, Integer::sum);
            }
        }
        return index.size();
    }
}
