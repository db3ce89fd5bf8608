#!/usr/bin/env python3
"""Writes the hand-made results.json / baseline.json files of the perf:check ITs that need a precise effect.

Real JMH runs cannot make a 3 % shift reliably on a shared CI machine, so these ITs gate files whose effect is
known exactly. Each fork's median is lognormal around the centre (seeded), with three iterations around it.
Usage: python3 crafted_results.py <it-directory> <case>   (run from perf-maven-plugin-it/tools)
"""
import json
import math
import os
import random
import sys

ENV = {
    "cpu.model": "Crafted CPU @ 3.00GHz", "cpu.cores": "2", "memory.total": "8589934592",
    "os.name": "Linux", "os.kernel": "6.1.0", "container.cpuQuota": "none", "cpu.governor": "performance",
    "java.vendor": "Eclipse Adoptium", "java.version": "17.0.12", "java.vm": "OpenJDK 64-Bit Server VM",
    "jvm.args": "-Xmx1g", "jvm.gc": "G1", "jmh.version": "1.37", "maven.version": "3.9.16",
    "plugin.version": "0.1.0", "git.commit": "0123456789abcdef0123456789abcdef01234567", "git.dirty": "false",
    "timestamp": "2026-11-20T10:00:00Z", "command": "mvn verify -Pperf",
}


def forks(center, n, sd, seed, factor=1.0, p95_ratio=None):
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        median = center * factor * math.exp(rnd.gauss(0, sd))
        fork = {"primary": [round(median * 1.003, 4), round(median, 4), round(median * 0.998, 4)],
                "percentiles": {}, "secondary": {}}
        if p95_ratio is not None:
            fork["percentiles"] = {"p0.50": round(median, 4),
                                   "p0.95": round(median * p95_ratio * math.exp(rnd.gauss(0, sd)), 4)}
        out.append(fork)
    return out


def bench(name, mode, unit, fork_list, direction="lower"):
    return {"kind": "jmh", "benchmark": name, "params": {}, "mode": mode, "unit": unit, "direction": direction,
            "threads": 1, "secondaryMetrics": {}, "warnings": [], "forks": fork_list}


def results(benchmarks, status="complete", created="2026-11-20T10:00:00Z"):
    return {"schema": 1, "tool": "perf-maven-plugin", "toolVersion": "0.1.0", "status": status,
            "createdAt": created, "environment": ENV, "settings": {"perf.forks": "10"}, "benchmarks": benchmarks}


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(data, f, indent=2)
        f.write("\n")


def main(target, case):
    parse = "com.acme.ParserBench.parse"
    cache = "com.acme.CacheBench.get"
    if case == "small-change":
        # A 3 % slowdown of the median: real, but below T_min 5 % and T_fail 10 %.
        write(f"{target}/src/perf/baseline.json", results([
            bench(parse, "avgt", "ns/op", forks(1000, 10, 0.01, 1)),
            bench(cache, "sample", "us/op", forks(0.5, 10, 0.01, 2, p95_ratio=3))]))
        write(f"{target}/perf/results.json", results([
            bench(parse, "avgt", "ns/op", forks(1000, 10, 0.01, 3, factor=1.03)),
            bench(cache, "sample", "us/op", forks(0.5, 10, 0.01, 4, p95_ratio=3))], created="2026-11-21T10:00:00Z"))
    elif case == "slowdown":
        # 1.5 times the time of the baseline: a clear FAIL.
        write(f"{target}/src/perf/baseline.json", results([bench(parse, "avgt", "ns/op", forks(1000, 10, 0.01, 1))]))
        write(f"{target}/perf/results.json", results([
            bench(parse, "avgt", "ns/op", forks(1000, 10, 0.01, 3, factor=1.5))], created="2026-11-21T10:00:00Z"))
    elif case == "results-only":
        write(f"{target}/perf/results.json", results([bench(parse, "avgt", "ns/op", forks(1000, 10, 0.01, 3))]))
    elif case == "other-module-baseline":
        # The baseline of another module: none of its benchmarks is the one of results-only.
        write(f"{target}/perf/other-module-baseline.json", results([
            bench("com.acme.codec.EncoderBench.encode", "avgt", "ns/op", forks(500, 10, 0.01, 5)),
            bench("com.acme.codec.DecoderBench.decode", "avgt", "ns/op", forks(700, 10, 0.01, 6))]))
    elif case == "partial":
        # A run that stopped: the second benchmark never produced a fork.
        write(f"{target}/perf/results.json", results([
            bench(parse, "avgt", "ns/op", forks(1000, 5, 0.01, 3)),
            bench(cache, "avgt", "ns/op", [])], status="partial"))
    elif case == "history-nothing-in-common":
        # Five runs of the codec benchmarks for the history, then results that hold none of them: the renamed
        # ParserBench.parse, no benchmark at all, and an empty shard (2/2 of a one-benchmark suite).
        for day in range(1, 6):
            write(f"{target}/perf/runs/run-{day}.json", results([
                bench("com.acme.codec.EncoderBench.encode", "avgt", "ns/op", forks(500, 5, 0.01, 10 + day)),
                bench("com.acme.codec.DecoderBench.decode", "avgt", "ns/op", forks(700, 5, 0.01, 20 + day))],
                created=f"2026-11-{10 + day:02d}T10:00:00Z"))
        write(f"{target}/perf/renamed.json", results([bench(parse, "avgt", "ns/op", forks(1000, 5, 0.01, 3))],
                                                     created="2026-11-21T10:00:00Z"))
        write(f"{target}/perf/empty.json", results([], created="2026-11-21T11:00:00Z"))
        shard = results([], created="2026-11-21T12:00:00Z")
        shard["settings"] = {"perf.forks": "10", "perf.shard": "2/2"}
        write(f"{target}/perf/empty-shard.json", shard)
    else:
        sys.exit("unknown case " + case)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
