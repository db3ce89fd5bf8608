#!/usr/bin/env python3
"""Agreement check: our change points (io.perfgate.trend) against Apache Otava 0.8's on one corpus.

Generates a corpus of synthetic benchmark histories (seeded, so every run makes the same corpus): steps of several
sizes up and down, several steps, slow creep, single outlier runs at the start, middle and end, a short episode of
a busy neighbour, and series with no change under several noise shapes. The noise is multiplicative (lognormal,
1-5 % per run), as run medians of JMH benchmarks on shared machines are. Writes them as CSV under
target/changepoints-agreement/corpus, runs Otava's analysis (defaults: window 50, p 0.001, no minimum magnitude)
and our detector (AgreementBridge, defaults) on each, and prints the table: series, Otava's change points, ours,
agree within one run.

Usage: src/site/scripts/changepoints-agreement.py [--markdown]
  Needs Python 3.10+ with pip and network for the first run (it creates target/changepoints-venv and installs
  apache-otava==0.8.0 there) and a JDK; it compiles the plugin's tests offline with ./mvnw.
Exit status: 0 when every row agrees or differs only where trends.md explains why (column "note"); 1 otherwise.
"""
import json
import math
import os
import random
import subprocess
import sys
import venv

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
OUT = os.path.join(ROOT, "target", "changepoints-agreement")
VENV = os.path.join(ROOT, "target", "changepoints-venv")
OTAVA = "apache-otava==0.8.0"
SEED = 20261127


def ensure_venv():
    """Re-runs this script in a venv that has Otava, creating it the first time."""
    python = os.path.join(VENV, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        return
    if not os.path.exists(python):
        venv.create(VENV, with_pip=True)
        subprocess.run([python, "-m", "pip", "install", "-q", OTAVA], check=True)
    os.execv(python, [python, os.path.abspath(__file__)] + sys.argv[1:])


# ------------------------------------------------------------------------------------------------ the corpus

def noisy(rng, levels, sd):
    """Multiplicative lognormal noise of relative SD sd around each run's level."""
    return [level * math.exp(rng.gauss(0, sd)) for level in levels]


def steps(n, base, changes):
    """Levels of n runs starting at base; changes maps run index -> relative change from there on."""
    levels, level = [], base
    for i in range(n):
        if i in changes:
            level *= 1 + changes[i]
        levels.append(level)
    return levels


def corpus():
    """(name, values, what is in it) in a fixed order; every series draws from its own seeded generator."""
    series = []

    def add(name, what, make):
        rng = random.Random(f"{SEED}-{name}")
        series.append((name, make(rng), what))

    add("step-up-5pct-sd1", "+5 % at 30", lambda r: noisy(r, steps(60, 100, {30: 0.05}), 0.01))
    add("step-up-10pct-sd2", "+10 % at 40", lambda r: noisy(r, steps(80, 250, {40: 0.10}), 0.02))
    add("step-up-20pct-sd3", "+20 % at 20", lambda r: noisy(r, steps(60, 1200, {20: 0.20}), 0.03))
    add("step-down-8pct-sd2", "-8 % at 35", lambda r: noisy(r, steps(70, 40, {35: -0.08}), 0.02))
    add("step-down-30pct-sd3", "-30 % at 50", lambda r: noisy(r, steps(100, 8, {50: -0.30}), 0.03))
    add("step-up-3pct-sd2", "+3 % at 30 (small)", lambda r: noisy(r, steps(60, 100, {30: 0.03}), 0.02))
    add("two-steps", "+10 % at 25, -10 % at 60", lambda r: noisy(r, steps(90, 100, {25: 0.10, 60: -0.10}), 0.02))
    add("three-steps", "+15 % at 40, +10 % at 80, -20 % at 120",
        lambda r: noisy(r, steps(150, 100, {40: 0.15, 80: 0.10, 120: -0.20}), 0.02))
    add("step-late", "+15 % at 55 of 60", lambda r: noisy(r, steps(60, 100, {55: 0.15}), 0.02))
    add("step-early", "+15 % at 4", lambda r: noisy(r, steps(60, 100, {4: 0.15}), 0.02))
    add("step-long-series", "+10 % at 150 of 200", lambda r: noisy(r, steps(200, 100, {150: 0.10}), 0.02))
    add("step-quantized", "+8 % at 30, values to 0.1 ns",
        lambda r: [round(v, 1) for v in noisy(r, steps(60, 12.3, {30: 0.08}), 0.02)])
    add("creep-1pct-per-run", "+1 %/run from 30 to 45",
        lambda r: noisy(r, [100 * 1.01 ** min(max(i - 30, 0), 15) for i in range(70)], 0.01))
    add("creep-0.3pct-whole", "+0.3 %/run over 60 runs",
        lambda r: noisy(r, [100 * 1.003 ** i for i in range(60)], 0.01))
    add("episode-5-runs", "+12 % for runs 40-44 (busy neighbour)",
        lambda r: noisy(r, [112 if 40 <= i < 45 else 100 for i in range(80)], 0.02))
    add("episode-3-runs", "+30 % for runs 20-22 of 45",
        lambda r: noisy(r, [130 if 20 <= i < 23 else 100 for i in range(45)], 0.02))

    def spike(at, n=60):
        return lambda r: [v * (1.5 if i == at else 1) for i, v in enumerate(noisy(r, [100] * n, 0.02))]

    add("spike-middle", "one run x1.5 at 30", spike(30))
    add("spike-first", "one run x1.5 at 0", spike(0))
    add("spike-last", "one run x1.5 at 59 (last)", spike(59))
    add("spike-second-last", "one run x1.5 at 58", spike(58))
    add("spike-two-runs", "runs 30, 31 x1.5",
        lambda r: [v * (1.5 if i in (30, 31) else 1) for i, v in enumerate(noisy(r, [100] * 60, 0.02))])
    add("noise-sd2", "no change, 2 % noise", lambda r: noisy(r, [100] * 60, 0.02))
    add("noise-sd5-long", "no change, 5 % noise, 120 runs", lambda r: noisy(r, [100] * 120, 0.05))
    add("noise-outliers", "no change, 3 % of runs x1.3",
        lambda r: [v * (1.3 if r.random() < 0.03 else 1) for v in noisy(r, [100] * 80, 0.02)])
    add("noise-bimodal", "no change, two modes 100 / 106 at random",
        lambda r: noisy(r, [106 if r.random() < 0.3 else 100 for _ in range(80)], 0.01))
    return series


def write_corpus(series):
    folder = os.path.join(OUT, "corpus")
    os.makedirs(folder, exist_ok=True)
    for old in os.listdir(folder):
        os.remove(os.path.join(folder, old))
    for name, values, _ in series:
        with open(os.path.join(folder, name + ".csv"), "w") as f:
            f.write("time,run,value\n")
            for i, v in enumerate(values):
                f.write(f"{1_700_000_000 + 86_400 * i},run-{i:03d},{v!r}\n")
    return folder


# ------------------------------------------------------------------------------------------------ both sides

def otava_points(values):
    """Otava's change points: (index, p-value as Otava reports it, p-value re-tested between the final points)."""
    from otava.analysis import TTestSignificanceTester
    from otava.series import AnalysisOptions, Metric, Series
    s = Series("corpus", None, list(range(len(values))), {"value": Metric(1, 1.0)}, {"value": list(values)}, {})
    options = AnalysisOptions()
    points = s.analyze(options).change_points["value"]
    tester = TTestSignificanceTester(options.max_pvalue)
    intervals = tester.get_intervals(points)
    return [(int(c.index), float(c.stats.pvalue),
             float(tester.change_point(c.to_candidate(), list(values), intervals).stats.pvalue)) for c in points]


def our_points(folder):
    module = os.path.join(ROOT, "perf-maven-plugin")
    mvnw = os.path.join(ROOT, "mvnw")
    classpath_file = os.path.join(OUT, "classpath.txt")
    subprocess.run([mvnw, "-B", "-ntp", "-o", "-q", "-pl", "perf-maven-plugin", "test-compile",
                    # the plugin's full name and version: a prefix cannot be resolved offline
                    "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath", "-Dmdep.includeScope=test",
                    "-Dmdep.outputFile=" + classpath_file], cwd=ROOT, check=True)
    with open(classpath_file) as f:
        dependencies = f.read().strip()
    classpath = os.pathsep.join([os.path.join(module, "target", "test-classes"),
                                 os.path.join(module, "target", "classes"), dependencies])
    result = os.path.join(OUT, "ours.json")
    subprocess.run(["java", "-cp", classpath, "io.perfgate.trend.AgreementBridge", folder, result], check=True)
    with open(result) as f:
        return {name: [(p["index"], p["p"]) for p in points] for name, points in json.load(f).items()}


def within_one_run(a, b):
    return len(a) == len(b) and all(abs(x - y) <= 1 for x, y in zip(sorted(a), sorted(b)))


# Rows where we differ from Otava on purpose (trends.md, "Differences"): a single outlier run is not a change; a
# short episode in the middle is tested as one (Otava tests it against the rest of the series and misses it).
EXPLAINED = {
    "episode-3-runs": "the episode test (ours)",
    "spike-first": "one run is not a change (ours)",
    "spike-last": "one run is not a change (ours)",
    "spike-second-last": "one run is not a change (ours)",
}


def main():
    ensure_venv()
    series = corpus()
    folder = write_corpus(series)
    ours = our_points(folder)
    rows, unexplained, p_differences, stale = [], 0, [], 0
    for name, values, what in series:
        theirs_p = otava_points(values)
        mine_p = ours[name]
        theirs = [i for i, _, _ in theirs_p]
        mine = [i for i, _ in mine_p]
        # p-values of the same point, where both are large enough to be compared as numbers. Otava's merge pass
        # does not re-test the left neighbour of a dropped point, so it may report that point's p-value from
        # before; the comparison is with the point re-tested between Otava's final points.
        for (i, p_reported, p_theirs), (j, p_mine) in zip(theirs_p, mine_p):
            if i == j and p_theirs > 1e-12:
                p_differences.append(abs(p_mine - p_theirs) / p_theirs)
                stale += 1 if abs(p_reported - p_theirs) > 1e-9 * p_theirs else 0
        agree = within_one_run(theirs, mine)
        note = "" if agree else EXPLAINED.get(name, "NOT EXPLAINED")
        if not agree and name not in EXPLAINED:
            unexplained += 1
        rows.append((name, str(len(values)), what, str(theirs), str(mine), "yes" if agree else "no", note))
    header = ("series", "runs", "what is in it", "Otava 0.8", "ours", "agree (+-1 run)", "note")
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(header, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print("| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |")
    agreeing = sum(1 for r in rows if r[5] == "yes")
    print(f"\n{agreeing} of {len(rows)} series agree within one run; {unexplained} differences not explained.")
    if p_differences:
        print(f"p-values of the {len(p_differences)} common points with p > 1e-12, against Otava's re-tested between"
              f" its final points: largest relative difference {max(p_differences):.1e}; Otava reports a p-value"
              f" from before a neighbour was dropped for {stale} of them")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
