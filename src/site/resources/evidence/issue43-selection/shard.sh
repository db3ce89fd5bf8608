#!/usr/bin/env bash
# Issue 43 study: one pre-merge shard of a patch, as one of four CI agents would run it, timed.
#   STUDY_OUT=<abs dir> AVRO_DIR=<clone> AVRO_SHARD_DIR=<worktree> shard.sh SUITE PATCH K    (likewise lang)
#     SUITE avro | lang;  PATCH as in select.sh;  K 1..STUDY_SHARDS (default 4)
# perf:compare of the patch branch against the base with -Dperf.affected=true -Dperf.shard=K/4 and the suite's
# history (the map record-map.sh recorded), at the plugin's defaults otherwise (perf.profile=none keeps it to
# measurement), built from `clean` in a worktree of its own as a fresh agent would: its wall time holds the
# candidate's clean build, the base's build and the comparison. Avro's build cache is off unless AVRO_BUILD_CACHE=true.
# The worktree: git -C "$AVRO_DIR" worktree add --detach "$AVRO_SHARD_DIR" study43-base (once; the script checks the
# patch out in it, detached). Run the four shards one after another, never two at once in the same worktree.
# Extra Maven arguments: STUDY_EXTRA. Output: $STUDY_OUT/shard/SUITE-PATCH-K/ (meta.txt: wall time, load, commits,
# command; maven.log.gz; the plugin's results and reports; verdicts.txt: the median rows of the report).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/suites.sh"
suite=${1:?usage: shard.sh SUITE PATCH K} patch=${2:?usage: shard.sh SUITE PATCH K} k=${3:?usage: shard.sh SUITE PATCH K}
suite_vars "$suite" || exit 2
check_patch "$suite" "$patch" || exit 2
case $k in [1-9]) ;; *) echo "K must be 1..$STUDY_SHARDS" >&2; exit 2 ;; esac
: "${shard_dir:?${suite^^}_SHARD_DIR: a worktree of the clone for the shards (see the header)}"
head=study43-$patch
out=$(study_out)/shard/$suite-$patch-$k
history_args_now=$(history_args "$suite" "$base")
rm -rf "$out"; mkdir -p "$out"
# the Maven functions build in the clone's directory variable: point it at the shard's worktree
case $suite in avro) AVRO_DIR=$shard_dir ;; lang) LANG_DIR=$shard_dir ;; esac
git -C "$shard_dir" checkout -q --detach "$head" || exit 1
git -C "$shard_dir" worktree prune
rm -rf "${shard_dir:?}/$perfout"
export PRE_GOALS=clean

args=("$P:compare" "-Dperf.against=$base" "-Dperf.affected=true" "-Dperf.shard=$k/$STUDY_SHARDS"
      $history_args_now "-Dperf.profile=none" ${STUDY_EXTRA:-})
meta_start "$out/meta.txt" "$shard_dir" "$head" "$base" "$run" "${args[@]}"
s=$(date +%s%N)
"$run" "${args[@]}" > "$out/maven.log" 2>&1
rc=$?
meta_end "$out/meta.txt" "$rc" "$s"
keep_perf "$shard_dir/$perfout" "$out"
# JMH's own output of every fork launch: its "Total time" per fork is the machine time
jmh=$(find "$shard_dir/$perfout" -name jmh-output.log -not -path '*/base-*' | head -1)
[ -n "$jmh" ] && gzip -9 -c "$jmh" > "$out/perf/jmh-output.log.gz"
report=$(find "$out/perf" -name report.md | head -1)
[ -n "$report" ] && grep -E '^\| [^|]+ \| median \|' "$report" | awk -F'|' '{ gsub(/ +/, " "); print $2 "|" $6 "|" $8 }' \
  > "$out/verdicts.txt"
grep -E 'Shard [0-9]+/[0-9]+|perf\.affected' "$out/maven.log" | sed 's/^\[INFO\] //' > "$out/selection-lines.txt"
gzip -9 -f "$out/maven.log"
echo "$suite $patch shard $k/$STUDY_SHARDS: rc=$rc $(grep wall_seconds "$out/meta.txt")"
[ -s "$out/verdicts.txt" ] && cat "$out/verdicts.txt"
exit 0
