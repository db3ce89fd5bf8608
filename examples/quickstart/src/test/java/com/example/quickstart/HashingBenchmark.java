package com.example.quickstart;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** SHA-256 of a 1 KiB message, in sample mode: results.json gets each fork's own p50 and p95. */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class HashingBenchmark {
    private byte[] message;
    private MessageDigest sha256;

    @Setup
    public void setUp() throws NoSuchAlgorithmException {
        StringBuilder sb = new StringBuilder();
        while (sb.length() < 1024) {
            sb.append("perf-maven-plugin quickstart ");
        }
        message = sb.substring(0, 1024).getBytes(StandardCharsets.UTF_8);
        sha256 = MessageDigest.getInstance("SHA-256");
    }

    @Benchmark
    public byte[] sha256() {
        return sha256.digest(message);
    }
}
