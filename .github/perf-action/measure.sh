#!/usr/bin/env bash
# The measuring step of the action: picks the goals for the event, runs Maven in the current directory, then
# gathers every module's target/perf and the pull request's number and head commit into one directory for the
# artifact, and adds a line to the job summary. Never calls gh and needs no token, so a fork's pull request can
# run it with a read-only one. Exits with Maven's status, after the artifact directory is complete.
#
# Reads only its environment (action.yml maps the inputs and the event to it):
#   PERF_MODE            auto, compare or history
#   PERF_EVENT           github.event_name; PERF_REF github.ref; PERF_DEFAULT_BRANCH the repository's default branch
#   PERF_PR_NUMBER, PERF_PR_HEAD_SHA, PERF_PR_BASE_SHA   of the pull request, when there is one
#   PERF_BASE            the ref to compare with (empty: PERF_PR_BASE_SHA)
#   PERF_PROFILE         the profile binding the goals; empty: the goals by their full name, PERF_PLUGIN_VERSION
#   PERF_INCLUDES, PERF_BUDGET, PERF_SHARD, PERF_MAVEN_ARGS
#   RUNNER_TEMP, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY   as GitHub sets them
set -euo pipefail

fail() {
  echo "::error::$*"
  exit 1
}

mode=${PERF_MODE:-auto}
event=${PERF_EVENT:-}
if [ "$mode" = auto ]; then
  case "$event" in
    pull_request | pull_request_target | merge_group) mode=compare ;;
    push | schedule | workflow_dispatch)
      if [ -n "${PERF_DEFAULT_BRANCH:-}" ] && [ "${PERF_REF:-}" = "refs/heads/$PERF_DEFAULT_BRANCH" ]; then
        mode=history
      else
        fail "perf-maven-plugin: a $event on ${PERF_REF:-an unknown ref} is neither a pull request nor the default branch (${PERF_DEFAULT_BRANCH:-unknown}); set the input mode (compare or history), or run the workflow on pull_request and on push to the default branch"
      fi
      ;;
    *) fail "perf-maven-plugin: nothing to do on the event '$event'; set the input mode (compare or history)" ;;
  esac
fi

# Maven: the project's wrapper when it has one, else the runner's mvn.
if [ -x ./mvnw ]; then
  mvn=(./mvnw)
else
  mvn=(mvn)
fi
args=(-B -ntp)
if [ -n "${PERF_PROFILE:-}" ]; then
  args+=("-P$PERF_PROFILE")
  goal() { echo "perf:$1"; }
  build=(verify)
else
  version=${PERF_PLUGIN_VERSION:?PERF_PLUGIN_VERSION is needed when no profile is given}
  goal() { echo "io.perfgate:perf-maven-plugin:$version:$1"; }
  build=(test-compile)
fi
[ -z "${PERF_INCLUDES:-}" ] || args+=("-Dperf.includes=$PERF_INCLUDES")
[ -z "${PERF_BUDGET:-}" ] || args+=("-Dperf.budget=$PERF_BUDGET")
if [ -n "${PERF_SHARD:-}" ]; then
  [[ $PERF_SHARD =~ ^[0-9]+/[0-9]+$ ]] || fail "perf-maven-plugin: shard '$PERF_SHARD' is not K/N, e.g. 1/4"
  args+=("-Dperf.shard=$PERF_SHARD")
fi
read -r -a extra <<<"${PERF_MAVEN_ARGS:-}"

case "$mode" in
  compare)
    against=${PERF_BASE:-${PERF_PR_BASE_SHA:-}}
    [ -n "$against" ] || fail "perf-maven-plugin: no base to compare with: set the input base (e.g. origin/main) outside a pull request"
    if [ "$(git rev-parse --is-shallow-repository 2>/dev/null)" = true ]; then
      fail "perf-maven-plugin: the clone is shallow, so the base $against and its merge base may be missing: set fetch-depth: 0 on actions/checkout"
    fi
    # with a profile, its perf:check compares and its perf:run steps aside; without one, compare is called alone
    if [ -n "${PERF_PROFILE:-}" ]; then
      goals=("${build[@]}")
    else
      goals=("${build[@]}" "$(goal compare)")
    fi
    args+=("-Dperf.against=$against")
    ;;
  history)
    # failOnRegression=false: a FAIL would stop the build before perf:record, and a slower main that is never
    # recorded is a change point perf:trend never sees; the verdict is still in the log and the summary
    if [ -n "${PERF_PROFILE:-}" ]; then
      goals=("${build[@]}" "$(goal record)" "$(goal trend)")
    else
      goals=("${build[@]}" "$(goal run)" "$(goal check)" "$(goal record)" "$(goal trend)")
    fi
    args+=(-Dperf.failOnRegression=false)
    ;;
  *) fail "perf-maven-plugin: unknown mode '$mode' (auto, compare or history)" ;;
esac

echo "perf-maven-plugin: $mode: ${mvn[*]} ${goals[*]} ${args[*]} ${extra[*]}"
set +e
"${mvn[@]}" "${goals[@]}" "${args[@]}" "${extra[@]}"
status=$?
set -e

# One artifact: every module's target/perf (the worktrees of the base left out; nothing deeper in a target
# directory is a module's), and who it is for. The list is made before the copy, which may be under this directory.
mapfile -t dirs < <(find . \( -path ./.git -o -path '*/target/*/*' \) -prune -o -type d -path '*/target/perf' -print \
  | sed 's|^\./||' | LC_ALL=C sort)
artifact=perf-maven-plugin
if [ -n "${PERF_SHARD:-}" ]; then
  artifact="perf-maven-plugin-shard-${PERF_SHARD%/*}-of-${PERF_SHARD#*/}"
fi
out="${RUNNER_TEMP:?RUNNER_TEMP is not set}/$artifact"
rm -rf "$out"
mkdir -p "$out"
found=0
for dir in "${dirs[@]}"; do
  found=$((found + 1))
  mkdir -p "$out/$dir"
  cp -R "$dir/." "$out/$dir/"
  find "$out/$dir" -mindepth 1 -maxdepth 1 -type d -name 'base-*' -exec rm -rf {} +
done
{
  echo "mode=$mode"
  echo "event=$event"
  if [ "$mode" = compare ] && [ -n "${PERF_PR_NUMBER:-}" ]; then
    echo "number=$PERF_PR_NUMBER"
    echo "head_sha=${PERF_PR_HEAD_SHA:-}"
  fi
  [ -z "${PERF_SHARD:-}" ] || echo "shard=$PERF_SHARD"
} >"$out/pull-request.txt"
comments=$(find "$out" -name pr-comment.md | wc -l | tr -d ' ')

if [ -n "${GITHUB_OUTPUT:-}" ]; then
  { echo "artifact=$artifact"; echo "directory=$out"; } >>"$GITHUB_OUTPUT"
fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  {
    if [ "$mode" = history ]; then
      # perf:trend's change points; the check's verdict is already there (the plugin appends it itself)
      find "$out" -name trend.md -exec cat {} +
    fi
    if [ "$found" -eq 0 ]; then
      echo "perf-maven-plugin: Maven ended (exit $status) before any report was written: see the log of this step."
    else
      echo "perf-maven-plugin: the reports of $found module(s) are in the artifact \`$artifact\` of this run" \
        "($comments pull-request comment(s) to post)."
    fi
  } >>"$GITHUB_STEP_SUMMARY"
fi
echo "perf-maven-plugin: $found report directories, $comments comment(s), in $out (artifact $artifact); Maven exit $status"
exit "$status"
