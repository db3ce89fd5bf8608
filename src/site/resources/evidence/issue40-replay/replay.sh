#!/usr/bin/env bash
# Issue 40, "a month without a false alarm": replays main builds of an unchanged real suite with the main recipe of
# trends-ci.md (measure and check against the history, record, trend; -Dperf.failOnRegression=false), then commits
# one real slowdown (slowdown.py, about +10 % on testLCS) between two unchanged commits and replays more builds.
#
#   CT=<a clone of Apache Commons Text whose HEAD adds the perf profile> OUT=<dir> [BEFORE=30] [AFTER=8] \
#     [M2=<local repository holding the plugin>] [MVN=mvn] replay.sh
#
# Everything happens under OUT: a bare `origin` cloned from CT, a `dev` clone that commits and pushes main, a
# `runner` clone that checks main out as a CI agent would (fresh target/ each build) and runs the recipe. Each
# build's log is OUT/logs/build-NN.log; summarize.py turns them into the table the evidence page quotes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
: "${CT:?a Commons Text clone with the perf profile committed}" "${OUT:?an output directory}"
BEFORE=${BEFORE:-30}
AFTER=${AFTER:-8}
MVN=${MVN:-mvn}
M2=${M2:-$HOME/.m2/repository}
# Commons Text's own checks are not the subject: skip them as a perf job would
SKIPS="-Drat.skip -Djapicmp.skip -Danimal.sniffer.skip -Dcheckstyle.skip -Dspotbugs.skip -Dpmd.skip -Djacoco.skip"
mkdir -p "$OUT/logs"
if [ ! -d "$OUT/origin.git" ]; then
  git clone -q --bare "$CT" "$OUT/origin.git"
  git clone -q "$OUT/origin.git" "$OUT/dev"
  git clone -q "$OUT/origin.git" "$OUT/runner"
fi
commit() { # message [slowdown]
  (cd "$OUT/dev"
    if [ "${2:-}" = slowdown ]; then
      python3 "$here/slowdown.py" src/main/java/org/apache/commons/text/similarity/LongestCommonSubsequence.java
    else
      echo "$1" >>REPLAY.txt
    fi
    git add -A
    git -c user.name=replay -c user.email=replay@localhost commit -qm "$1"
    git push -q origin HEAD:main)
}
build() { # number
  local n=$1 log start
  log=$(printf '%s/logs/build-%02d.log' "$OUT" "$n")
  (cd "$OUT/runner" && git fetch -q origin && git checkout -q -B main origin/main && rm -rf target)
  start=$SECONDS
  echo "# build $n at $(date -u +%FT%TZ), commit $(git -C "$OUT/runner" rev-parse --short=10 HEAD), load $(cut -d' ' -f1-3 /proc/loadavg)" >"$log"
  set +e
  (cd "$OUT/runner" && $MVN -B -ntp -Dmaven.repo.local="$M2" $SKIPS -Pperf \
    verify perf:record perf:trend -Dperf.failOnRegression=false) >>"$log" 2>&1
  local rc=$?
  set -e
  echo "# exit $rc after $((SECONDS - start)) s at $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)" >>"$log"
  echo "build $n: exit $rc, $((SECONDS - start)) s"
}
n=$(find "$OUT/logs" -name 'build-*.log' | wc -l)
while [ "$n" -lt "$BEFORE" ]; do
  n=$((n + 1)); commit "replay: unchanged build $n"; build "$n"
done
if [ "$n" -eq "$BEFORE" ]; then
  commit "replay: unchanged, before the slowdown"
  commit "STUDY ONLY: LongestCommonSubsequence checks a tenth of its input again (about +10 % on testLCS)" slowdown
  commit "replay: unchanged, after the slowdown"
fi
while [ "$n" -lt $((BEFORE + AFTER)) ]; do
  n=$((n + 1)); [ "$n" -eq $((BEFORE + 1)) ] || commit "replay: unchanged build $n"; build "$n"
done
