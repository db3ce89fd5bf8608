#!/usr/bin/env python3
"""Issue 32 study: turn the runs under RAW/<mode>/<suite>-<kind>/ (run-arm.sh's STUDY_OUT) into CSV and a markdown
table.   python3 summarize.py RAW [OUT]

Writes OUT/runs.csv (one line per run), OUT/rows.csv (one line per run, benchmark row and comparison) and
OUT/summary.md (the tables, and the auto/fixed ratios where both arms ran); OUT is this script's folder unless given.
The study's own runs are in the repository's history (README.md says where), not in the working tree.

Machine time of a run is the sum of its forks' wall times (`seconds` of every fork in the results files the
comparison wrote, both sides), so it does not count Maven, the base's build or waiting for /tmp/jmh.lock; the wall
time of the Maven invocation is given beside it.
"""
import csv
import glob
import gzip
import json
import math
import os
import re
import statistics
import sys

if len(sys.argv) < 2:
    sys.exit('usage: python3 summarize.py RAW [OUT]   (RAW: the runs, as run-arm.sh writes them under STUDY_OUT)')
RAW = sys.argv[1]
DATA = sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(os.path.abspath(__file__))

# The size class of each injection, in % more time per operation: Commons Text as aimed (side by side in the
# fixed arm +6.8, +19.2, +49.0 %); Avro as measured side by side in a short calibration run (5 forks a side of
# 1 x 1 s + 4 x 300 ms, 2026-11-28): +20.8 % (BytesTest.encode), +40.0 % (StringTest.decode), +64.7 % (StringTest.encode);
# at the defaults in the fixed arm: +13.8 %, +40.5 %, +50.0 %, which set the classes below.
INJECTED = {
    'ct': {'DoubleFormatPerformance.doubleFormatPlain': 20, 'DoubleFormatPerformance.doubleFormatScientific': 50,
           'LongestCommonSubsequencePerformance.testLCS': 10},
    'avro': {'BytesTest.encode': 10, 'StringTest.decode': 40, 'StringTest.encode': 50},
}


def load_json(path):
    opener = gzip.open if path.endswith('.gz') else open
    with opener(path, 'rt') as f:
        return json.load(f)


def meta(run_dir):
    m = {}
    with open(os.path.join(run_dir, 'meta.txt')) as f:
        for line in f:
            if '=' in line:
                k, v = line.rstrip('\n').split('=', 1)
                m[k] = v
    return m


def short(benchmark):
    parts = benchmark.split('.')
    return '.'.join(parts[-2:])


def results_files(perf_dir):
    """Every results file the comparison wrote (base, candidate, treatments): files holding benchmarks with forks."""
    out = []
    for path in sorted(glob.glob(os.path.join(perf_dir, '**', '*.json*'), recursive=True)):
        try:
            d = load_json(path)
        except (ValueError, OSError):
            continue
        if isinstance(d, dict) and isinstance(d.get('benchmarks'), list) and d.get('tool') == 'perf-maven-plugin':
            out.append((path, d))
    return out


def fork_median(fork):
    values = fork.get('primary') or []
    return statistics.median(values) if values else None


def machine_time(files):
    """Sum of fork wall times over all results files, and per benchmark row key."""
    total, per_row, missing = 0.0, {}, 0
    for _, d in files:
        for b in d['benchmarks']:
            key = short(b['benchmark']) + params_text(b.get('params'))
            for fork in b.get('forks', []):
                s = fork.get('seconds')
                if s is None:
                    missing += 1
                    continue
                total += s
                per_row[key] = per_row.get(key, 0.0) + s
    return total, per_row, missing


def jmh_fork_times(perf_dir):
    """Per benchmark, the sum of JMH's own "Run complete. Total time" of each fork launch (whole seconds, JVM start
    included), from the comparison's jmh-output.log: perf:compare's results carry no per-fork `seconds`."""
    per, n = {}, 0
    for path in glob.glob(os.path.join(perf_dir, '**', 'jmh-output.log*'), recursive=True):
        opener = gzip.open if path.endswith('.gz') else open
        bench = None
        with opener(path, 'rt', errors='replace') as f:
            for line in f:
                if line.startswith('# Benchmark: '):
                    bench = short(line.split(': ', 1)[1].strip())
                m = re.match(r'# Run complete\. Total time: (\d+):(\d+):(\d+)', line)
                if m and bench:
                    secs = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3))
                    per[bench] = per.get(bench, 0) + secs
                    n += 1
    return per, n


def params_text(params):
    if not params:
        return ''
    return ' (' + ','.join(f'{k}={v}' for k, v in sorted(params.items())) + ')'


def noise(files, base_names=('base-results.json',)):
    """Between-fork noise of each row on the base side: sd of the fork medians over their mean."""
    out = {}
    for path, d in files:
        if os.path.basename(path).replace('.gz', '') not in base_names:
            continue
        for b in d['benchmarks']:
            meds = [m for m in (fork_median(f) for f in b.get('forks', [])) if m is not None]
            if len(meds) >= 2 and statistics.mean(meds) != 0:
                out[short(b['benchmark']) + params_text(b.get('params'))] = statistics.stdev(meds) / statistics.mean(meds)
    return out


def slowdown(change, direction):
    """A change in the metric's own direction as % more time per operation (throughput: 1/(1+c) - 1)."""
    if change is None:
        return None
    if direction == 'higher':
        return (1.0 / (1.0 + change) - 1.0) * 100 if change > -1 else math.inf
    return change * 100


def fmt(x, digits=1):
    if x is None:
        return ''
    if isinstance(x, float):
        return f'{x:.{digits}f}'
    return str(x)


def rows_of_inject(run_dir, m, files):
    report = os.path.join(run_dir, 'perf', 'report.json')
    if not os.path.exists(report):
        return []
    r = load_json(report)
    noise_by_row = noise(files)
    _, time_by_row, _ = machine_time(files)
    out = []
    for c in r.get('comparisons', []):
        if c.get('metric') != 'median':
            continue
        key = short(c['benchmark']) + params_text(c.get('params'))
        ch = c.get('change') or {}
        out.append({
            'mode': m['mode'], 'suite': m['suite'], 'kind': m['kind'], 'comparison': m['kind'],
            'row': key, 'unit': c.get('unit'),
            'injected_pct': INJECTED.get(m['suite'], {}).get(short(c['benchmark']), 0) if m['kind'] == 'inject' else 0,
            'forks_base': (c.get('forks') or {}).get('baseline'), 'forks_candidate': (c.get('forks') or {}).get('current'),
            'change_pct': fmt(ch.get('estimate') * 100 if ch.get('estimate') is not None else None, 2),
            'ci_low_pct': fmt(ch.get('ciLow') * 100 if ch.get('ciLow') is not None else None, 2),
            'ci_high_pct': fmt(ch.get('ciHigh') * 100 if ch.get('ciHigh') is not None else None, 2),
            'slowdown_pct': fmt(slowdown(ch.get('estimate'), c.get('direction')), 2),
            'noise_base_pct': fmt(noise_by_row.get(key, None) * 100 if key in noise_by_row else None, 2),
            'detectable_pct': fmt((c['detectable'] - 1) * 100 if c.get('detectable') else None, 1),
            'verdict': c.get('verdict'),
            'machine_seconds': fmt(time_by_row.get(key) or jmh_seconds(run_dir, c['benchmark']), 1),
        })
    return out


def jmh_seconds(run_dir, benchmark):
    per, _ = jmh_fork_times(os.path.join(run_dir, 'perf'))
    v = per.get(short(benchmark))
    return float(v) if v is not None else None


def rows_of_aa(run_dir, m, files):
    tj = os.path.join(run_dir, 'perf', 'treatments.json')
    if not os.path.exists(tj):
        return []
    t = load_json(tj)
    noise_by_row = noise(files, base_names=('base-results.json', 'baseline-results.json', 'results.json'))
    _, time_by_row, _ = machine_time(files)
    forks = {}
    for tr in t.get('treatments', []):
        rp = os.path.join(run_dir, 'perf', tr.get('report', ''))
        if os.path.exists(rp):
            for c in load_json(rp).get('comparisons', []):
                if c.get('metric') == 'median':
                    forks[(tr['name'], short(c['benchmark']) + params_text(c.get('params')))] = c.get('forks') or {}
    out = []
    for row in t.get('rows', []):
        if row.get('metric') != 'median':
            continue
        key = short(row['benchmark']) + params_text(row.get('params'))
        for name, v in sorted(row.get('treatments', {}).items()):
            f = forks.get((name, key), {})
            out.append({
                'mode': m['mode'], 'suite': m['suite'], 'kind': m['kind'], 'comparison': name,
                'row': key, 'unit': row.get('unit'), 'injected_pct': 0,
                'forks_base': f.get('baseline'), 'forks_candidate': f.get('current'),
                'change_pct': fmt(v.get('change') * 100 if v.get('change') is not None else None, 2),
                'ci_low_pct': fmt(v.get('changeCiLow') * 100 if v.get('changeCiLow') is not None else None, 2),
                'ci_high_pct': fmt(v.get('changeCiHigh') * 100 if v.get('changeCiHigh') is not None else None, 2),
                'slowdown_pct': '', 'noise_base_pct': fmt(noise_by_row.get(key, None) * 100 if key in noise_by_row else None, 2),
                'detectable_pct': '', 'verdict': v.get('verdict'),
                'machine_seconds': fmt(time_by_row.get(key) or jmh_seconds(run_dir, row['benchmark']), 1),
            })
    return out


def log_note(run_dir):
    """What a reader of the table needs from the log: the shard's part, perf.affected's choice, a budget refusal."""
    path = os.path.join(run_dir, 'maven.log.gz')
    if not os.path.exists(path):
        return ''
    keep = []
    with gzip.open(path, 'rt', errors='replace') as f:
        for line in f:
            m = re.search(r'Shard (\d+/\d+) \(perf\.shard\): (\d+ of the \d+ selected benchmarks)', line)
            if m:
                keep.append(f'shard {m.group(1)}: {m.group(2)}')
            m = re.search(r'(perf\.affected: .{0,120})', line)
            if m:
                keep.append(m.group(1))
            m = re.search(r'fewest rounds \((\d+) forks per side\) needs about (.+?) for (\d+ benchmarks), more than '
                          r'perf\.budget = ([^,]+?), so nothing was measured', line)
            if m:
                keep.append(f'at its fewest rounds ({m.group(1)} a side) it needs about {m.group(2)} for {m.group(3)}, '
                            f'more than perf.budget = {m.group(4)}: nothing measured')
    return '; '.join(keep)


def main():
    runs, rows = [], []
    for run_dir in sorted(glob.glob(os.path.join(RAW, '*', '*-*'))):
        if not os.path.exists(os.path.join(run_dir, 'meta.txt')):
            continue
        m = meta(run_dir)
        # the arm as its directory names it: a same-sitting re-run keeps the earlier run as e.g. fixed-phase1/
        m['mode'] = os.path.basename(os.path.dirname(run_dir))
        if 'wall_seconds' not in m:
            continue  # still running
        files = results_files(os.path.join(run_dir, 'perf'))
        total, _, missing = machine_time(files)
        jmh_per, jmh_forks = jmh_fork_times(os.path.join(run_dir, 'perf'))
        if missing and jmh_forks:
            total = float(sum(jmh_per.values()))  # the forks' own times from JMH's output instead
        # inject and the two-sided A/A runs (aa1, aa2, ...) are perf:compare reports; aa is a treatments report
        two_sided = m['kind'] == 'inject' or re.fullmatch(r'aa\d', m['kind'])
        got = rows_of_inject(run_dir, m, files) if two_sided else rows_of_aa(run_dir, m, files)
        rows.extend(got)
        verdicts = {}
        for r in got:
            verdicts[r['verdict']] = verdicts.get(r['verdict'], 0) + 1
        note = log_note(run_dir)
        runs.append({
            'mode': m['mode'], 'suite': m['suite'], 'kind': m['kind'], 'start': m.get('start'), 'rc': m.get('rc'),
            'wall_seconds': fmt(float(m['wall_seconds']), 1), 'machine_seconds': fmt(total, 1),
            'jmh_total_seconds': fmt(float(sum(jmh_per.values())), 1) if jmh_forks else '',
            'forks_without_time': missing, 'jmh_fork_launches': jmh_forks, 'rows': len({r['row'] for r in got}), 'comparisons': len(got),
            'verdicts': ' '.join(f'{k}={v}' for k, v in sorted(verdicts.items())),
            'load_before': m.get('load_before'), 'load_after': m.get('load_after'),
            'head': m.get('head'), 'base': m.get('base'), 'plugin': m.get('plugin'), 'note': note,
        })
    write_csv(os.path.join(DATA, 'runs.csv'), runs)
    write_csv(os.path.join(DATA, 'rows.csv'), rows)
    with open(os.path.join(DATA, 'summary.md'), 'w') as f:
        f.write(markdown(runs, rows))
    sys.stdout.write(markdown(runs, rows))


def write_csv(path, items):
    if not items:
        return
    with open(path, 'w', newline='') as f:
        w = csv.DictWriter(f, fieldnames=list(items[0].keys()))
        w.writeheader()
        w.writerows(items)


def table(items, cols):
    lines = ['| ' + ' | '.join(cols) + ' |', '|' + '---|' * len(cols)]
    for it in items:
        lines.append('| ' + ' | '.join(str(it.get(c, '')) for c in cols) + ' |')
    return '\n'.join(lines) + '\n'


def markdown(runs, rows):
    s = ['# Issue 32 study: figures\n', '## Runs\n',
         table(runs, ['mode', 'suite', 'kind', 'start', 'wall_seconds', 'machine_seconds', 'jmh_total_seconds',
                      'jmh_fork_launches', 'rows', 'verdicts',
                      'load_before', 'load_after', 'rc', 'note'])]
    by = {(r['mode'], r['suite'], r['kind']): r for r in runs}
    ratios = []
    sums = {}

    def num(v):
        return float(v) if v not in (None, '') else None

    for (mode, suite, kind), r in sorted(by.items()):
        # an auto arm and the fixed arm of the same sitting: auto/fixed, auto-s2/fixed-s2, ...
        partner = mode.replace('auto', 'fixed', 1)
        if not mode.startswith('auto') or (partner, suite, kind) not in by:
            continue
        f = by[(partner, suite, kind)]
        # two measuring sticks: the forks' wall times the plugin recorded (machine_seconds; the fixed arm's plugin of
        # the first sittings recorded none in perf:compare), and JMH's own total time of every fork launch (whole
        # seconds per launch, so short forks round by up to half a second each)
        pair = {}
        for col in ('machine_seconds', 'jmh_total_seconds'):
            a, b = num(r.get(col)), num(f.get(col))
            pair[col] = fmt(a / b, 2) if a and b else ''
            if a and b:
                t = sums.setdefault((mode, col), [0.0, 0.0])
                t[0] += a
                t[1] += b
        ratios.append({'arms': mode + '/' + partner, 'suite': suite, 'kind': kind,
                       'machine time (forks\' wall times)': pair['machine_seconds'],
                       'JMH total time': pair['jmh_total_seconds'],
                       'fork launches': f"{r['jmh_fork_launches']}/{f['jmh_fork_launches']}",
                       'wall time': fmt(float(r['wall_seconds']) / float(f['wall_seconds']), 2)})
    for mode in sorted({m for m, _ in sums}):
        ms, jt = sums.get((mode, 'machine_seconds')), sums.get((mode, 'jmh_total_seconds'))
        ratios.append({'arms': mode + '/' + mode.replace('auto', 'fixed', 1), 'suite': 'all', 'kind': 'inject',
                       'machine time (forks\' wall times)': fmt(ms[0] / ms[1], 2) if ms else '',
                       'JMH total time': fmt(jt[0] / jt[1], 2) if jt else '', 'fork launches': '', 'wall time': ''})
    if ratios:
        s += ['\n## Ratios against today\'s defaults (auto / fixed, same sitting)\n', table(ratios, list(ratios[0].keys()))]
    aa = {}
    for r in rows:
        if r['kind'].startswith('aa'):
            t = aa.setdefault(r['mode'], {})
            t[r['verdict']] = t.get(r['verdict'], 0) + 1
    if aa:
        s += ['\n## A/A comparisons (median rows; no change was made, so any FAIL is a false alarm)\n',
              table([{'mode': m, 'comparisons': sum(v.values()),
                      'verdicts': ' '.join(f'{k}={n}' for k, n in sorted(v.items()))} for m, v in sorted(aa.items())],
                    ['mode', 'comparisons', 'verdicts'])]
    s += ['\n## Rows (median metric; change in the metric\'s own direction, slowdown in % more time)\n',
          table(rows, ['mode', 'suite', 'kind', 'comparison', 'row', 'injected_pct', 'forks_base', 'forks_candidate',
                       'change_pct', 'ci_low_pct', 'ci_high_pct', 'slowdown_pct', 'noise_base_pct', 'verdict',
                       'machine_seconds'])]
    return ''.join(s)


if __name__ == '__main__':
    main()
