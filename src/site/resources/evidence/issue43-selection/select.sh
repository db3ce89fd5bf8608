#!/usr/bin/env bash
# Issue 43 study: which benchmarks perf.affected selects for one patch, by the map of executed code; no measurement.
#   STUDY_OUT=<abs dir> AVRO_DIR=<clone> LANG_DIR=<clone> select.sh SUITE PATCH     (suites.sh: the other settings)
#     SUITE avro | lang;  PATCH decoder | reader | schema (avro), stringutils (lang): the branch study43-PATCH
# Runs perf:compare of the patch branch against the base with -Dperf.affected=true and the suite's history (the map
# record-map.sh recorded), in the background; as soon as the log shows the first line that follows the selection
# (the suite's order, the interleaved rounds' start, or a shard's deal), it ends that Maven process group (its own
# job, by id), so no benchmark is measured. The base's build is part of the run, as in a pull request.
# Output: $STUDY_OUT/select/SUITE-PATCH/: meta.txt, maven.log.gz, selection.txt (the selection's log lines),
# selected.txt and skipped.txt (benchmark methods), counts.txt, check.txt (the expected benchmarks against the
# selection: expected-SUITE-PATCH.txt beside this script).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/suites.sh"
suite=${1:?usage: select.sh SUITE PATCH} patch=${2:?usage: select.sh SUITE PATCH}
suite_vars "$suite" || exit 2
check_patch "$suite" "$patch" || exit 2
head=study43-$patch
out=$(study_out)/select/$suite-$patch
rm -rf "$out"; mkdir -p "$out"
log=$out/maven.log
git -C "$dir" checkout -q "$head" || exit 1
git -C "$dir" worktree prune
rm -rf "${dir:?}/$perfout"

args=("$P:compare" "-Dperf.against=$base" "-Dperf.affected=true" $(history_args "$suite" "$base")
      "-Dperf.profile=none" ${STUDY_EXTRA:-})
meta_start "$out/meta.txt" "$dir" "$head" "$base" "$run" "${args[@]}"
s=$(date +%s%N)
# the log line that first follows the selection (PreMergeWorkflow: the order of a suite of more than one, the
# rounds' "Interleaving ...", a shard's deal after the selection) or says nothing is measured
end_re='^\[INFO\] (Order \(|Interleaving |Shard [0-9]+/[0-9]+|Round [0-9]+ |perf\.affected: no benchmark)'
set -m                       # the Maven job gets a process group of its own, ended below by its id
"$run" "${args[@]}" > "$log" 2>&1 &
pid=$!
set +m
deadline=$(( $(date +%s) + ${SELECT_TIMEOUT:-3600} ))
state=exited
while kill -0 "$pid" 2>/dev/null; do
  if grep -qE "$end_re" "$log"; then state=stopped; break; fi
  if [ "$(date +%s)" -gt "$deadline" ]; then state=timeout; break; fi
  sleep 2
done
if [ "$state" != exited ]; then
  kill -TERM -- "-$pid" 2>/dev/null
  for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  kill -KILL -- "-$pid" 2>/dev/null
fi
wait "$pid" 2>/dev/null
rc=$?
meta_end "$out/meta.txt" "$rc" "$s"
echo "state=$state" >> "$out/meta.txt"
# the base's worktree the killed comparison left under the output directory
git -C "$dir" worktree prune

# the selection's lines: from the first that names perf.affected to the one that follows the selection
sed 's/^\[INFO\] //' "$log" | awk -v end="^(Order \\(|Interleaving |Shard [0-9]+/[0-9]+|Round [0-9]+ )" '
  /perf\.affected/ && !on { on = 1 }
  on && $0 ~ end { exit }
  on { print }' > "$out/selection.txt"

# every benchmark method of the candidate (JMH's BenchmarkList: class in field 4, method in field 10)
awk '{ print $4 "." $10 }' "$dir/$benchlist" | sort -u > "$out/all.txt"
# selected: the benchmarks named at the start of an indented selection line; the rest are skipped
grep -oE "^ +${pkg//./\\.}[A-Za-z0-9_.\$]+" "$out/selection.txt" | sed 's/^ *//' | sort -u \
  | grep -Fxf "$out/all.txt" > "$out/selected.txt"
grep -Fvxf "$out/selected.txt" "$out/all.txt" > "$out/skipped.txt"
summary=$(grep -m1 -oE '[0-9]+ of [0-9]+ (benchmarks?|parameter sets?)[^;.]*selected' "$out/selection.txt")
{
  echo "summary_line=$summary"
  echo "methods_selected=$(wc -l < "$out/selected.txt")"; echo "methods_skipped=$(wc -l < "$out/skipped.txt")"
  echo "methods_all=$(wc -l < "$out/all.txt")"
} > "$out/counts.txt"

# the expected benchmarks (reading the code) against the selection
expected=$here/expected-$suite-$patch.txt
{
  echo "# expected (expected-$suite-$patch.txt) against selected: one line per expected benchmark and parameter set"
  echo "# (selected-method: the method is selected and its selection lines name no parameter set)"
  grep -v '^#' "$expected" | grep -v '^\s*$' | while IFS=$'\t' read -r bench params kind rest; do
    if ! grep -Fxq "$pkg$bench" "$out/selected.txt"; then verdict=MISSED
    elif [ "$params" = - ]; then verdict=selected
    else
      # a parameter set: selected as such when a selection line names the method with the value, else the method
      value=${params#*=}
      if grep -F "$pkg$bench" "$out/selection.txt" | grep -Fq "$value"; then verdict=selected
      elif grep -F "$pkg$bench" "$out/selection.txt" | grep -qE '[=[{(]'; then verdict=MISSED-params
      else verdict=selected-method; fi
    fi
    printf '%s\t%s\t%s\t%s\n' "$verdict" "$bench" "$params" "$kind"
  done
  echo "# selected but not expected (the map may hold set-up code, or the reading missed a path):"
  grep -v '^#' "$expected" | cut -f1 | sed "s/^/$pkg/" | sort -u > "$out/expected-methods.txt"
  grep -Fvxf "$out/expected-methods.txt" "$out/selected.txt" | sed 's/^/unexpected\t/'
} > "$out/check.txt"
gzip -9 -f "$log"
git -C "$dir" checkout -q "$base"
echo "$suite $patch: state=$state rc=$rc $(grep wall_seconds "$out/meta.txt"); $(tr '\n' ' ' < "$out/counts.txt")"
grep -c '^MISSED' "$out/check.txt" | sed 's/^/expected benchmarks not selected: /'
