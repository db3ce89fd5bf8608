#!/usr/bin/env bash
# Checks perf:trend's Otava export with Apache Otava itself: pip-installs apache-otava into a temporary venv,
# writes a history of 40 runs with known changes (io.perfgate.mainline.OtavaExportBridge, from the plugin's test
# classes: ParserBench.parse 12 % slower from run 25, WriterBench.write 10 % fewer ops/ms from run 15, LexerBench.tokens
# flat), exports it with the trend workflow (history.csv and the Otava configuration history.yaml), runs
# `otava analyze` on the export through Otava's own CSV data source, and checks that Otava finds the two changes at
# the same runs as perf:trend (within one run) and nothing in the flat series.
#
# Usage: src/site/scripts/otava-export-check.sh
#   Needs Python 3.10+ with venv and pip, network for pip, a JDK, and the plugin's dependencies in ~/.m2 (it compiles
#   the tests offline with ./mvnw). Not part of CI.
# Exit status: 0 Otava agrees; 1 it does not; 2 a tool is missing.
set -euo pipefail

cd "$(dirname "$0")/../../.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

command -v python3 >/dev/null || { echo "otava-export-check: python3 is missing" >&2; exit 2; }
command -v java >/dev/null || { echo "otava-export-check: java is missing" >&2; exit 2; }

echo "otava-export-check: installing apache-otava==0.8.0 into a temporary venv"
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q apache-otava==0.8.0

echo "otava-export-check: compiling the plugin's tests (offline)"
./mvnw -B -ntp -o -q -pl perf-core -am test-compile org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$work/classpath.txt"
classpath="perf-core/target/test-classes:perf-core/target/classes:$(cat "$work/classpath.txt")"

java -cp "$classpath" io.perfgate.mainline.OtavaExportBridge "$work/export" >"$work/ours.tsv"
echo "--- perf:trend's change points (column, index, first run after)"
cat "$work/ours.tsv"
echo "--- the export: $(($(wc -l <"$work/export/history.csv") - 1)) runs; header:"
head -1 "$work/export/history.csv"

echo "--- otava analyze perf (Otava's CSV data source reading the export)"
(cd "$work/export" && "$work/venv/bin/otava" analyze perf --config-file history.yaml) | tee "$work/otava.txt"

# The same analysis through Otava's API, for positions to compare: its CSV importer, its series analysis.
"$work/venv/bin/python" - "$work/export/history.yaml" "$work/ours.tsv" <<'PY'
import sys
from otava.config import load_config_from_file
from otava.importer import CsvImporter
from otava.series import AnalysisOptions

config = load_config_from_file(sys.argv[1])
series = CsvImporter().fetch_data(config.tests["perf"])
analysis = series.analyze(AnalysisOptions())
theirs = {}
for metric, points in analysis.change_points.items():
    theirs[metric] = sorted(int(p.index) for p in points)
ours = {}
for line in open(sys.argv[2]):
    column, index, _ = line.rstrip("\n").split("\t")
    ours.setdefault(column, []).append(int(index))
failures = 0
print("--- agreement (indexes are the first run of the new level, from 0)")
print(f"{'series':45} {'Otava 0.8':12} {'perf:trend':12} agree")
for metric in series.data.keys():
    a, b = theirs.get(metric, []), sorted(ours.get(metric, []))
    agree = len(a) == len(b) and all(abs(x - y) <= 1 for x, y in zip(a, b))
    failures += 0 if agree else 1
    print(f"{metric:45} {str(a):12} {str(b):12} {'yes' if agree else 'NO'}")
expected = {"com.acme.ParserBench.parse [avgt] median": [25], "com.acme.WriterBench.write [thrpt] median": [15],
            "com.acme.LexerBench.tokens [avgt] median": []}
for metric, where in expected.items():
    found = theirs.get(metric, [])
    if len(found) != len(where) or any(abs(x - y) > 1 for x, y in zip(found, where)):
        print(f"Otava found {found} in {metric}, expected {where}")
        failures += 1
if failures:
    print(f"otava-export-check: {failures} problem(s)")
    sys.exit(1)
print("otava-export-check: Otava read the export and found the known changes where perf:trend did")
PY
