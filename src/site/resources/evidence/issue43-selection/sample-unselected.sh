#!/usr/bin/env bash
# Issue 43 study: are the benchmarks perf.affected left out really unaffected? A short comparison of a sample of them.
#   STUDY_OUT=<abs dir> AVRO_DIR=<clone> LANG_DIR=<clone> sample-unselected.sh SUITE PATCH   (after select.sh)
# The sample: SAMPLE_SIZE (default 12, at least 10) of the benchmark methods select.sh found skipped
# ($STUDY_OUT/select/SUITE-PATCH/skipped.txt): first every skipped one the code reading expected to run the slowed
# method (expected-SUITE-PATCH.txt: a miss if it slows down), then others drawn at random with a fixed seed
# (SAMPLE_SEED, default 43). perf:compare of the patch branch against the base, WITHOUT perf.affected, on exactly
# those (-Dperf.includes), at most 5 rounds (-Dperf.maxForks=5), short forks (SAMPLE_FORK, default 1 x 1 s warm-up
# and 4 x 300 ms measurement, as the issue-32 calibration runs), perf.profile=none.
# Extra Maven arguments: STUDY_EXTRA. Output: $STUDY_OUT/sample/SUITE-PATCH/ (sample.txt, meta.txt, maven.log.gz,
# the plugin's results and reports, verdicts.txt: benchmark | change | verdict of the median rows).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/suites.sh"
suite=${1:?usage: sample-unselected.sh SUITE PATCH} patch=${2:?usage: sample-unselected.sh SUITE PATCH}
suite_vars "$suite" || exit 2
check_patch "$suite" "$patch" || exit 2
head=study43-$patch
sel=$(study_out)/select/$suite-$patch
out=$(study_out)/sample/$suite-$patch
[ -s "$sel/skipped.txt" ] || { echo "no $sel/skipped.txt: run select.sh $suite $patch first" >&2; exit 1; }
size=${SAMPLE_SIZE:-12}
[ "$size" -ge 10 ] || { echo "SAMPLE_SIZE must be at least 10" >&2; exit 2; }
rm -rf "$out"; mkdir -p "$out"

# the sample: skipped but expected first, then a seeded random draw of the other skipped ones
expected=$here/expected-$suite-$patch.txt
grep -v '^#' "$expected" | grep -v '^\s*$' | cut -f1 | sed "s/^/$pkg/" | sort -u > "$out/expected-methods.txt"
grep -Fxf "$out/expected-methods.txt" "$sel/skipped.txt" > "$out/sample.txt"
seed=${SAMPLE_SEED:-43}
grep -Fvxf "$out/expected-methods.txt" "$sel/skipped.txt" \
  | shuf --random-source=<(yes "$seed") | head -n $(( size > $(wc -l < "$out/sample.txt") ? size - $(wc -l < "$out/sample.txt") : 0 )) \
  >> "$out/sample.txt"
n=$(wc -l < "$out/sample.txt")
[ "$n" -ge 10 ] || echo "only $n skipped benchmarks to sample (fewer than 10)" >&2
# -Dperf.includes: the sampled names, anchored, dots escaped
includes="^($(sed 's/[.$]/\\&/g' "$out/sample.txt" | paste -sd'|'))\$"

git -C "$dir" checkout -q "$head" || exit 1
git -C "$dir" worktree prune
rm -rf "${dir:?}/$perfout"
read -r -a fork <<< "${SAMPLE_FORK:--Dperf.warmupIterations=1 -Dperf.warmupTime=1s -Dperf.measurementIterations=4 -Dperf.measurementTime=300ms}"
args=("$P:compare" "-Dperf.against=$base" "-Dperf.includes=$includes" "-Dperf.maxForks=5" "${fork[@]}"
      "-Dperf.profile=none" ${STUDY_EXTRA:-})
meta_start "$out/meta.txt" "$dir" "$head" "$base" "$run" "${args[@]}"
s=$(date +%s%N)
"$run" "${args[@]}" > "$out/maven.log" 2>&1
rc=$?
meta_end "$out/meta.txt" "$rc" "$s"
git -C "$dir" worktree prune
keep_perf "$dir/$perfout" "$out"
report=$(find "$out/perf" -name report.md | head -1)
[ -n "$report" ] && grep -E '^\| [^|]+ \| median \|' "$report" | awk -F'|' '{ gsub(/ +/, " "); print $2 "|" $6 "|" $8 }' \
  > "$out/verdicts.txt"
gzip -9 -f "$out/maven.log"
git -C "$dir" checkout -q "$base"
echo "$suite $patch sample of $n unselected: rc=$rc $(grep wall_seconds "$out/meta.txt")"
[ -s "$out/verdicts.txt" ] && cat "$out/verdicts.txt"
exit 0
