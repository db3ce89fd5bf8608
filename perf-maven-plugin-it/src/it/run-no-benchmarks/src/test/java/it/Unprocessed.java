package it;

import org.openjdk.jmh.annotations.Benchmark;

/** A benchmark JMH never hears of: nothing generates its harness or lists it. */
public class Unprocessed {
    @Benchmark
    public int answer() {
        return 42;
    }
}
