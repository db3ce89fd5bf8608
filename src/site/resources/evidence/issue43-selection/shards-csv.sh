#!/usr/bin/env bash
# Issue 43 study: one row per shard run (suite, patch, shard, start, wall seconds, exit code, rounds per benchmark,
# JMH forks, machine time, verdicts), read from $STUDY_OUT/shard/*/ after shard.sh.   STUDY_OUT=<abs dir> shards-csv.sh > shards.csv
out=${STUDY_OUT:?STUDY_OUT: the directory shard.sh wrote to}
echo "suite,patch,shard,start_utc,wall_seconds,rc,benchmarks_rounds,jmh_forks,machine_time,verdicts"
for d in "$out"/shard/*-*-[1-9]; do
  n=$(basename "$d"); suite=${n%%-*}; rest=${n#*-}; patch=${rest%-*}; k=${rest##*-}
  m=$d/meta.txt
  log=$(zcat "$d/maven.log.gz")
  rounds=$(echo "$log" | sed -n '/^\[INFO\] Rounds per benchmark/,/rounds on average/p' | grep -E '^  [a-z].*: [0-9]+' \
    | sed -E 's/^  [a-z0-9.]*\.([A-Z][A-Za-z0-9]*\.[a-zA-Z0-9_]+): ([0-9]+).*/\1 \2/' | paste -sd';')
  machine=$(echo "$log" | grep -oE 'Machine time: [^,]+ in [0-9]+ JMH forks' | head -1)
  forks=$(echo "$machine" | grep -oE '[0-9]+ JMH' | cut -d' ' -f1)
  mt=$(echo "$machine" | sed -E 's/Machine time: (.*) in .*/\1/')
  v=$(sed 's/^ //; s/ *$//; s/\*\*//g' "$d/verdicts.txt" | paste -sd';')
  echo "$suite,$patch,$k,$(sed -n 's/^start=//p' "$m"),$(sed -n 's/^wall_seconds=//p' "$m"),$(sed -n 's/^rc=//p' "$m"),\"$rounds\",$forks,$mt,\"$v\""
done
