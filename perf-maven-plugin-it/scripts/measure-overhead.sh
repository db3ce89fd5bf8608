#!/usr/bin/env bash
# Measures the overhead of perf:run: its wall time against running the same benchmarks with the same options
# through org.openjdk.jmh.Main directly, on examples/quickstart, in alternated runs A B, B A, A B ... (A = perf:run,
# B = JMH), and prints each pair's ratio A/B and the median ratio as a Markdown table. From A's own log (Maven's
# timestamps) it also takes G, the goal's wall time: from Maven's "--- perf:...:run" line, before the plugin's
# dependencies are resolved, to BUILD SUCCESS. G / B is the cost of the goal inside a build that runs Maven
# anyway. After each pair it times S, the same Maven command with -Dperf.skip=true: Maven's own start.
#
# Usage: perf-maven-plugin-it/scripts/measure-overhead.sh [pairs] [--defaults] [--includes REGEX] [extra Maven arguments...]
#   pairs                  number of A/B pairs (default 5)
#   --defaults             the plugin's default fork settings (10 forks, 3 x 1 s warmup, 5 x 1 s measurement)
#                          instead of the example's light ones (5 forks, 2 x 500 ms, 3 x 500 ms)
#   --includes REGEX       only these benchmarks (perf.includes on A, the same pattern on B); all by default
#   extra Maven arguments  e.g. -Dmaven.repo.local=... -s settings.xml, so that Maven finds the plugin
#                          version named in examples/quickstart/pom.xml
#
# Both sides get the same JMH options (those of the example's "perf" profile) and the same test classpath;
# A is "mvn <plugin>:run" on already compiled classes, so Maven's start, the plugin's work (BenchmarkList,
# launches, output parsing, fingerprint, results.json) and its extra JVM starts are what it measures.
# Another JMH run on the machine would distort a run (perf:run waits for JMH's lock, JMH itself exits): such a
# run is detected, logged and repeated.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
example="$root/examples/quickstart"
pairs=5
if [[ ${1:-} =~ ^[0-9]+$ ]]; then pairs=$1; shift; fi
perf_options=(-Dperf.forks=5 -Dperf.warmupIterations=2 -Dperf.warmupTime=500ms
              -Dperf.measurementIterations=3 -Dperf.measurementTime=500ms)
jmh_options=(-f 5 -wi 2 -w 500ms -i 3 -r 500ms -prof gc)
includes='com\.example\.quickstart\.'
while [ $# -gt 0 ]; do
  case $1 in
    --defaults)
      # The plugin's defaults, spelled out so that B gets the same (the example's light settings live in its
      # perf profile, which these runs do not activate).
      perf_options=(-Dperf.forks=10 -Dperf.warmupIterations=3 -Dperf.warmupTime=1s
                    -Dperf.measurementIterations=5 -Dperf.measurementTime=1s)
      jmh_options=(-f 10 -wi 3 -w 1s -i 5 -r 1s -prof gc)
      shift ;;
    --includes)
      includes=$2
      perf_options+=("-Dperf.includes=$2")
      shift 2 ;;
    *) break ;;
  esac
done
mvn=("$root/mvnw" -B -f "$example/pom.xml" "$@")
version=$(sed -n 's:.*<perf-maven-plugin.version>\(.*\)</perf-maven-plugin.version>.*:\1:p' "$example/pom.xml")
goal="io.perfgate:perf-maven-plugin:$version:run"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
minus() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a - b }'; }

echo "Compiling the example and a first, short perf:run to learn its classpath ..." >&2
"${mvn[@]}" -q test-compile
"${mvn[@]}" -q "$goal" -Dperf.includes=HashingBenchmark -Dperf.forks=1 -Dperf.warmupIterations=0 \
    -Dperf.measurementIterations=1 -Dperf.measurementTime=100ms
launch=$(grep -m1 '^# perf:run ' "$example/target/perf/jmh-output.log")
java=$(sed -E 's/^# perf:run [^ ]+: ([^ ]+) -cp .*/\1/' <<<"$launch")
classpath=$(sed -E 's/.* -cp ([^ ]+) org\.openjdk\.jmh\.Main .*/\1/' <<<"$launch")

# HH:MM:SS.mmm at the start of the first line of $2 that matches $1, in seconds since midnight.
log_time() {
  grep -m1 -- "$1" "$2" | awk '{ split($1, t, ":"); printf "%.3f", t[1] * 3600 + t[2] * 60 + t[3] }'
}

# Prints "A G": the command's wall time and the goal's, both in seconds.
run_a() {
  local start end goal_start goal_end
  start=$(now)
  "${mvn[@]}" -Dorg.slf4j.simpleLogger.showDateTime=true -Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS \
      "$goal" "${perf_options[@]}" > "$work/a.log" 2>&1 || { cat "$work/a.log" >&2; return 2; }
  end=$(now)
  if grep -q "another JMH run holds JMH's lock" "$work/a.log"; then return 1; fi
  goal_start=$(log_time ' --- perf:' "$work/a.log")
  goal_end=$(log_time 'BUILD SUCCESS' "$work/a.log")
  # a run across midnight: the end's clock starts again at 0
  echo "$(minus "$end" "$start") $(awk -v s="$goal_start" -v e="$goal_end" \
      'BEGIN { d = e - s; if (d < 0) d += 86400; printf "%.3f", d }')"
}

run_s() {
  local start end
  start=$(now)
  "${mvn[@]}" -q "$goal" "${perf_options[@]}" -Dperf.skip=true > "$work/s.log" 2>&1 || { cat "$work/s.log" >&2; return 2; }
  end=$(now)
  minus "$end" "$start"
}

run_b() {
  local start end
  start=$(now)
  if ! "$java" -cp "$classpath" org.openjdk.jmh.Main "$includes" "${jmh_options[@]}" \
      -rf json -rff "$work/b.json" > "$work/b.log" 2>&1; then
    if grep -q 'Unable to acquire the JMH lock' "$work/b.log"; then return 1; fi
    cat "$work/b.log" >&2
    return 2
  fi
  end=$(now)
  minus "$end" "$start"
}

# Runs one side until it ran without another JMH run in the way; exits on any other failure.
timed() {
  local side=$1 seconds status
  while true; do
    status=0
    seconds=$("run_$side") || status=$?
    if [ "$status" -eq 0 ]; then
      echo "$seconds"
      return
    elif [ "$status" -eq 2 ]; then
      echo "run $side failed; see the output above" >&2
      exit 1
    fi
    echo "run $side met another JMH run (JMH's lock); repeating it in 10 s" >&2
    sleep 10
  done
}

ratios=()
goal_ratios=()
echo "| pair | perf:run from the shell (A) | JMH directly (B) | A / B | the goal in Maven (G) | G / B | Maven alone (S) |"
echo "|---|---|---|---|---|---|---|"
for pair in $(seq 1 "$pairs"); do
  # A B, then B A in the next pair: neither side always runs first.
  if [ $((pair % 2)) -eq 1 ]; then
    read -r a g <<<"$(timed a)"
    b=$(timed b)
  else
    b=$(timed b)
    read -r a g <<<"$(timed a)"
  fi
  s=$(timed s)
  ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.4f", a / b }')
  goal_ratio=$(awk -v g="$g" -v b="$b" 'BEGIN { printf "%.4f", g / b }')
  ratios+=("$ratio")
  goal_ratios+=("$goal_ratio")
  printf '| %d | %.1f s | %.1f s | %.3f | %.1f s | %.3f | %.1f s |\n' "$pair" "$a" "$b" "$ratio" "$g" "$goal_ratio" "$s"
done

median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
m=$(median "${ratios[@]}")
p=$(median "${goal_ratios[@]}")
printf '\nMedian A / B over %d pairs: %.3f (overhead %+.1f %%); the goal alone, G / B: %.3f (%+.1f %%)\n' \
    "$pairs" "$m" "$(awk -v m="$m" 'BEGIN { print (m - 1) * 100 }')" "$p" "$(awk -v m="$p" 'BEGIN { print (m - 1) * 100 }')"
