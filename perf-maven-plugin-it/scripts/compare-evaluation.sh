#!/bin/sh
# The A/A and 20 % slowdown study of perf:compare (src/site/markdown/evidence/evidence.md, "Pre-merge comparisons").
# Runs io.perfgate.interleaved.evaluation.CompareEvaluation from the plugin's test classes with real JMH forks.
#
#   perf-maven-plugin-it/scripts/compare-evaluation.sh --out target/compare-evaluation.jsonl --aa 14 --slow 7
#   perf-maven-plugin-it/scripts/compare-evaluation.sh --out target/compare-evaluation.jsonl --summarize
#
# --summarize also replays a round-paired alternative (RoundPairedRule) and adaptive stopping with a stored
# calibration (from the previous A/A session in the file) on the same forks.
# Each session compares the three EvaluationBenchmarks (so 14 A/A sessions are 42 A/A comparisons) for the
# fixed 15 rounds; sessions are appended to the --out file, so the study can be run in several sittings.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
./mvnw -B -ntp -q test-compile -pl perf-core -am
./mvnw -B -ntp -q dependency:build-classpath -pl perf-core -am -Dmdep.includeScope=test \
    -Dmdep.outputFile="$root/perf-core/target/evaluation-classpath.txt"
# A private copy of the classes, so rebuilding the module while the study runs cannot change them under the forks.
copy="$root/perf-core/target/evaluation-classes"
rm -rf "$copy" && mkdir -p "$copy"
cp -R "$root/perf-core/target/test-classes" "$copy/test-classes"
cp -R "$root/perf-core/target/classes" "$copy/classes"
cp="$copy/test-classes:$copy/classes:$(cat "$root/perf-core/target/evaluation-classpath.txt")"
exec java -cp "$cp" io.perfgate.interleaved.evaluation.CompareEvaluation "$@"
