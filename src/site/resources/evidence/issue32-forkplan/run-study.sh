#!/usr/bin/env bash
# Issue 32 study: the runs of one arm, one after another (JMH's /tmp/jmh.lock serialises them anyway), then the
# tables.   STUDY_OUT=<dir> CT_DIR=<clone> AVRO_DIR=<clone> run-study.sh MODE [SUITE:KIND ...]
# Default list: both suites' injection comparisons and A/A runs, then the four pre-merge shards on Avro.
set -u
here=$(cd "$(dirname "$0")" && pwd)
mode=${1:?usage: run-study.sh fixed|auto [SUITE:KIND ...]}; shift
runs=("$@")
[ ${#runs[@]} -eq 0 ] && runs=(ct:inject avro:inject ct:aa avro:aa avro:shard1 avro:shard2 avro:shard3 avro:shard4)
for r in "${runs[@]}"; do
  echo "== $mode ${r%%:*} ${r#*:} start $(date -u +%T)"
  "$here/run-arm.sh" "$mode" "${r%%:*}" "${r#*:}"
done
python3 "$here/summarize.py" "$STUDY_OUT" > /dev/null && echo "tables: $here/summary.md"
