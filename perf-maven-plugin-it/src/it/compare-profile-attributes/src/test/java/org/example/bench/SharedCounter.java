package org.example.bench;

import org.openjdk.jmh.infra.Blackhole;

/** Counts work done by many threads. */
public final class SharedCounter {
    static final SharedCounter SHARED = new SharedCounter();
    private long total;

    public long add(long work) {
        Blackhole.consumeCPU(work);
        total += work;
        return total;
    }
}
