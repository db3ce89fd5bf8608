#!/usr/bin/env bash
# Issue 32 study: one measured run of one arm.
#   STUDY_OUT=<dir> CT_DIR=<clone> AVRO_DIR=<clone> run-arm.sh MODE SUITE KIND      (suites.sh: the other settings)
#     MODE  fixed | auto         passed as -Dperf.forkPlan=MODE; nothing else about forks or iterations is set,
#                                so `fixed` is today's defaults (JMH annotations, else 10 forks, 3 x 1 s + 10 x 500 ms)
#     SUITE ct | avro            Apache Commons Text / Apache Avro lang/java/perf (see suites.sh)
#     KIND  inject | aa | shardK  inject: perf:compare of the injection branch against the base;
#                                aa: perf:compare of three treatments that are all the base, against the base;
#                                aaK (K = 1..9): perf:compare of the base against itself (two sides, so the auto
#                                plan runs as in a pull request's comparison; treatments are not planned);
#                                shardK (K = 1..4): the pre-merge of the one-class patch (CT_PATCH, AVRO_PATCH) with
#                                perf.affected=true, shard K/4, built from clean as a fresh agent would
# Extra Maven arguments: STUDY_EXTRA (e.g. -Dperf.seed=1). Output: $STUDY_OUT/MODE/SUITE-KIND/, outside the repository
# (meta.txt: wall time, load before/after, commits, command; the Maven log; the plugin's reports and results).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/suites.sh"
mode=$1 suite=$2 kind=$3
out=${STUDY_OUT:?STUDY_OUT: a directory outside the repository for the runs}/$mode/$suite-$kind
case $suite in
  ct)   : "${CT_DIR:?CT_DIR: a clone of Apache Commons Text with the study32-* branches}" ;;
  avro) : "${AVRO_DIR:?AVRO_DIR: a clone of Apache Avro with the study32-* branches}" ;;
esac
rm -rf "$out"; mkdir -p "$out"
case $suite in
  ct)   dir=$CT_DIR base=$CT_BASE inject=$CT_INJECT includes=$CT_INCLUDES params=$CT_PARAMS perfout=$CT_OUT run=ct_mvn ;;
  avro) dir=$AVRO_DIR base=$AVRO_BASE inject=$AVRO_INJECT includes=$AVRO_INCLUDES params=$AVRO_PARAMS perfout=$AVRO_OUT run=avro_mvn ;;
  *) echo "unknown suite $suite" >&2; exit 2 ;;
esac
case $kind in
  inject) head=$inject; extra=() ;;
  aa)     head=$base; extra=("-Dperf.treatments=aa1=$base, aa2=$base, aa3=$base")
          [ "$suite" = ct ] && includes=$CT_AA_INCLUDES || includes=$AVRO_AA_INCLUDES ;;
  aa[1-9]) head=$base; extra=()   # a two-sided A/A: the base against itself, as a pull request's comparison runs
          [ "$suite" = ct ] && includes=$CT_AA_INCLUDES || includes=$AVRO_AA_INCLUDES ;;
  shard[1-9]) export PRE_GOALS=clean
          if [ "$suite" = ct ]; then head=${CT_PATCH:?}; dir=${CT_SHARD_DIR:?a worktree for the shards}; CT_DIR=$CT_SHARD_DIR
          else head=${AVRO_PATCH:?}; dir=${AVRO_SHARD_DIR:?a worktree for the shards}; AVRO_DIR=$AVRO_SHARD_DIR; fi
          extra=("-Dperf.affected=true" "-Dperf.shard=${kind#shard}/${STUDY_SHARDS:-4}") ;;
  *) echo "unknown kind $kind" >&2; exit 2 ;;
esac
git -C "$dir" checkout -q "$head" || exit 1
rm -rf "$dir/$perfout"
select=("-Dperf.includes=$includes" "-Dperf.params=$params")
case $kind in shard*) select=() ;; esac   # a pre-merge shard compares the whole suite, narrowed by perf.affected
args=("$P:compare" "-Dperf.forkPlan=$mode" "-Dperf.against=$base" "${select[@]}"
      "-Dperf.profile=none" "${extra[@]}" ${STUDY_EXTRA:-})
{
  echo "mode=$mode"; echo "suite=$suite"; echo "kind=$kind"
  echo "head=$head $(git -C "$dir" rev-parse HEAD)"; echo "base=$base $(git -C "$dir" rev-parse "$base")"
  echo "plugin=$(git -C "$here/.." rev-parse HEAD 2>/dev/null)"
  printf 'command=%s' "$run"; printf ' %q' "${args[@]}"; echo
  echo "start=$(date -u +%FT%TZ)"; echo "load_before=$(cut -d' ' -f1-3 /proc/loadavg)"
} > "$out/meta.txt"
s=$(date +%s.%N)
"$run" "${args[@]}" > "$out/maven.log" 2>&1
rc=$?
e=$(date +%s.%N)
{
  echo "end=$(date -u +%FT%TZ)"; echo "load_after=$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "rc=$rc"; echo "wall_seconds=$(echo "$e - $s" | bc)"
} >> "$out/meta.txt"
# keep what the plugin wrote, without the HTML renderings
mkdir -p "$out/perf"; (cd "$dir/$perfout" 2>/dev/null && find . -type f \( -name "*.json" -o -name "*.md" -o -name "*.csv" \) -exec cp --parents {} "$out/perf/" \;)
# JMH's own output of every fork launch: its "Total time" per fork is the machine time when the results carry none
[ -f "$dir/$perfout/compare-forks/jmh-output.log" ] && gzip -9 -c "$dir/$perfout/compare-forks/jmh-output.log" > "$out/perf/jmh-output.log.gz"
gzip -9 -f "$out/maven.log"
find "$out/perf" -name '*.json' -size +200k -exec gzip -9 -f {} \;
case $kind in shard*) ;; *) git -C "$dir" checkout -q "$base" ;; esac
echo "$mode $suite $kind: rc=$rc $(grep wall_seconds "$out/meta.txt")"
