package org.example.bench;

import org.openjdk.jmh.infra.Blackhole;

/** The code under test of ParserBench, which the patch does not touch. */
class Parser {
    void parse() {
        Blackhole.consumeCPU(1000);
    }
}
