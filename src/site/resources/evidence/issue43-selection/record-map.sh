#!/usr/bin/env bash
# Issue 43 study: record the map of executed code on the suite's base, as main would.
#   STUDY_OUT=<abs dir> AVRO_DIR=<clone> LANG_DIR=<clone> record-map.sh SUITE        (suites.sh: the other settings)
#     SUITE avro | lang
# 1. perf:run on the base with -Dperf.executedCode=true and the cheapest measurement that still records the map
#    (one fork, no warm-up, one short iteration per benchmark and parameter set), then one coverage fork each;
# 2. perf:record of that run into the suite's history directory ($STUDY_OUT/SUITE-history), map included.
# With RECORD_COMPARE=1 the same perf:run first runs once without the map (-Dperf.executedCode=false), so the map's
# cost is the difference of the two wall times (the plugin's own log line states it too).
# Extra Maven arguments: STUDY_EXTRA. Output: $STUDY_OUT/record/SUITE/ (meta-*.txt with commits, command, load and
# wall time; the Maven logs; the run's results; map.txt: the map's files in the history and their sizes).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/suites.sh"
suite=${1:?usage: record-map.sh SUITE}
suite_vars "$suite" || exit 2
out=$(study_out)/record/$suite
history=$(history_dir "$suite")
rm -rf "$out"; mkdir -p "$out"
git -C "$dir" checkout -q "$base" || exit 1
git -C "$dir" worktree prune

# the cheapest measurement: JMH needs one measurement iteration for a result; property names: config/PerfProperties
cheap=(-Dperf.forks=1 -Dperf.warmupIterations=0 -Dperf.measurementIterations=1 -Dperf.measurementTime=100ms)

measure() { # NAME EXECUTED_CODE
  local name=$1 s rc
  rm -rf "${dir:?}/$perfout"
  local args=("$P:run" "-Dperf.executedCode=$2" "${cheap[@]}" ${STUDY_EXTRA:-})
  meta_start "$out/meta-$name.txt" "$dir" "$base" "$base" "$run" "${args[@]}"
  s=$(date +%s%N)
  "$run" "${args[@]}" > "$out/maven-$name.log" 2>&1
  rc=$?
  meta_end "$out/meta-$name.txt" "$rc" "$s"
  echo "$suite $name: rc=$rc $(grep wall_seconds "$out/meta-$name.txt")"
  return $rc
}

if [ "${RECORD_COMPARE:-0}" = 1 ]; then
  measure run-without-map false
fi
measure run-with-map true || { echo "perf:run failed: see $out/maven-run-with-map.log" >&2; exit 1; }
keep_perf "$dir/$perfout" "$out"

# perf:record of that run: no build needed, the results and the map are in the output directory
rec=("$P:record" $(history_args "$suite" "$base") ${STUDY_EXTRA:-})
meta_start "$out/meta-record.txt" "$dir" "$base" "$base" "$run" "${rec[@]}"
s=$(date +%s%N)
# in lang/java/perf alone for Avro (AVRO_AM empty): its reactor's other modules have no run to record
BUILD_GOAL= AVRO_AM= "$run" "${rec[@]}" > "$out/maven-record.log" 2>&1
rc=$?
meta_end "$out/meta-record.txt" "$rc" "$s"
echo "$suite record: rc=$rc $(grep wall_seconds "$out/meta-record.txt")"

# what the history holds now: the map's files (executed-code/<commit>.json.gz) and the run's, with their sizes
(cd "$history" 2>/dev/null && find . -type f -printf '%s\t%p\n' | sort -k2) > "$out/map.txt"
grep -i 'executed' "$out/map.txt" || echo "no executed-code file in $history: see $out/maven-record.log" >&2
grep -h -i 'executed code\|executedCode\|coverage' "$out"/maven-*.log | sed 's/^/  /' | head -20
gzip -9 -f "$out"/maven-*.log
exit $rc
