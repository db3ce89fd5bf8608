package org.example.bench;

import org.openjdk.jmh.infra.Blackhole;

/** The code under test of CodecBench; the patch makes it do ten times the work. */
class Codec {
    static final int TOKENS = 1000;

    void encode() {
        Blackhole.consumeCPU(TOKENS);
    }
}
