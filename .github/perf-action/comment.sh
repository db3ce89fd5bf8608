#!/usr/bin/env bash
# The commenting step: posts each pr-comment.md of the measuring run's artifact to its pull request, creating the
# comment the first time and editing the same one afterwards (found by the hidden marker on the body's first line,
# among the comments of COMMENT_AUTHOR). Runs from a workflow_run in the base repository's context, with
# pull-requests: write; it never checks out or runs the pull request's code.
#
# The artifact was written by the pull request's code, a fork's perhaps, so nothing in it is trusted: the number
# it names must be a pull request of this repository whose head is the commit the triggering run measured (and,
# when GitHub lists the run's pull requests, one of them); a body must start with the plugin's marker and fit in a
# comment. A run whose pull request has moved on is stale: a newer run posts.
#
# Environment (the comment action maps the event to it):
#   ARTIFACTS       directory holding one directory per downloaded artifact (perf-maven-plugin*)
#   REPO            owner/name of this repository (github.repository)
#   RUN_EVENT       the event of the triggering run (github.event.workflow_run.event)
#   RUN_HEAD_SHA    the commit it measured (github.event.workflow_run.head_sha)
#   RUN_HEAD_REPO   the repository of that commit (github.event.workflow_run.head_repository.full_name)
#   RUN_PRS         the pull request numbers GitHub lists for the run, space-separated (empty for a fork)
#   COMMENT_AUTHOR  whose comments are ours: github-actions[bot] for the workflow's GITHUB_TOKEN
#   GH_TOKEN        for gh
set -euo pipefail

author=${COMMENT_AUTHOR:-github-actions[bot]}
artifacts=${ARTIFACTS:?ARTIFACTS is not set}
repo=${REPO:?REPO is not set}
if [ "${RUN_EVENT:-}" != pull_request ]; then
  echo "perf-maven-plugin: the triggering run was a '${RUN_EVENT:-}', not a pull request: no comment"
  exit 0
fi
[[ ${RUN_HEAD_SHA:-} =~ ^[0-9a-f]{40}$ ]] || { echo "::error::RUN_HEAD_SHA '${RUN_HEAD_SHA:-}' is not a commit"; exit 1; }

# The value of key=... in a pull-request.txt, or empty.
field() {
  sed -n "s/^$1=//p" "$2" | head -n 1
}

# Checks that pull request $1 may receive the comments of this run; says why not.
pull_request_ok() {
  local number=$1 state head base head_repo
  if [ -n "${RUN_PRS:-}" ] && ! [[ " $RUN_PRS " == *" $number "* ]]; then
    echo "::warning::perf-maven-plugin: the artifact names pull request #$number, not one of the run's ($RUN_PRS): not posted"
    return 1
  fi
  if ! IFS=$'\t' read -r state head base head_repo < <(gh api "repos/$repo/pulls/$number" \
      --jq '[.state, .head.sha, .base.repo.full_name, .head.repo.full_name] | @tsv'); then
    echo "::warning::perf-maven-plugin: pull request #$number of $repo cannot be read: not posted"
    return 1
  fi
  if [ "$base" != "$repo" ]; then
    echo "::warning::perf-maven-plugin: #$number is not a pull request into $repo: not posted"
    return 1
  fi
  if [ "$head" != "$RUN_HEAD_SHA" ]; then
    echo "perf-maven-plugin: pull request #$number is at ${head:0:12} now, this run measured ${RUN_HEAD_SHA:0:12}: not posted (the newer run will)"
    return 1
  fi
  if [ -n "${RUN_HEAD_REPO:-}" ] && [ "$head_repo" != "$RUN_HEAD_REPO" ]; then
    echo "::warning::perf-maven-plugin: pull request #$number comes from $head_repo, the run from $RUN_HEAD_REPO: not posted"
    return 1
  fi
  [ "$state" = open ] || echo "perf-maven-plugin: pull request #$number is $state; its comment is updated all the same"
}

# Creates or edits the comment of body $2 on pull request $1.
post() {
  local number=$1 body=$2 marker id=
  marker=$(head -n 1 "$body")
  local cid login first listed
  # read whole before the loop, so that a failed listing fails the step instead of adding a second comment
  listed=$(gh api --paginate "repos/$repo/issues/$number/comments?per_page=100" \
    --jq '.[] | [.id, .user.login, (.body | split("\n") | .[0])] | @tsv')
  while IFS=$'\t' read -r cid login first; do
    if [ "$login" = "$author" ] && [ "$first" = "$marker" ]; then
      id=$cid
      break
    fi
  done <<<"$listed"
  if [ -n "$id" ]; then
    gh api -X PATCH "repos/$repo/issues/comments/$id" -F "body=@$body" --jq .id >/dev/null
    echo "perf-maven-plugin: edited comment $id on #$number ($marker)"
  else
    id=$(gh api -X POST "repos/$repo/issues/$number/comments" -F "body=@$body" --jq .id)
    echo "perf-maven-plugin: created comment $id on #$number ($marker)"
  fi
}

# the first line perf:check and perf:compare write (PullRequestComment.marker)
marker_pattern='^<!-- perf-maven-plugin( module=[A-Za-z0-9_.:-]+)? -->$'
posted=0
shopt -s nullglob
for dir in "$artifacts"/*/; do
  dir=${dir%/}
  info="$dir/pull-request.txt"
  if [ ! -f "$info" ]; then
    echo "::warning::perf-maven-plugin: $(basename "$dir") has no pull-request.txt: not posted"
    continue
  fi
  number=$(field number "$info")
  head_sha=$(field head_sha "$info")
  shard=$(field shard "$info")
  if ! [[ $number =~ ^[1-9][0-9]{0,9}$ ]]; then
    echo "perf-maven-plugin: $(basename "$dir") names no pull request (a build of $(field mode "$info") mode): no comment"
    continue
  fi
  if [ "$head_sha" != "$RUN_HEAD_SHA" ]; then
    echo "::warning::perf-maven-plugin: $(basename "$dir") was made for ${head_sha:0:12}, the run measured ${RUN_HEAD_SHA:0:12}: not posted"
    continue
  fi
  [[ -z $shard || $shard =~ ^[0-9]+/[0-9]+$ ]] || { echo "::warning::perf-maven-plugin: shard '$shard' is not K/N: not posted"; continue; }
  bodies=()
  while IFS= read -r -d '' f; do bodies+=("$f"); done < <(find "$dir" -type f -name pr-comment.md -print0 | LC_ALL=C sort -z)
  if [ "${#bodies[@]}" -eq 0 ]; then
    echo "perf-maven-plugin: no pr-comment.md in $(basename "$dir") (perf.comment=problems with nothing to look at, or the build stopped before its report): nothing posted"
    continue
  fi
  if [ "${#bodies[@]}" -gt 50 ]; then
    echo "::warning::perf-maven-plugin: ${#bodies[@]} comment bodies, more than 50: only the first 50 are posted"
    bodies=("${bodies[@]:0:50}")
  fi
  pull_request_ok "$number" || continue
  for body in "${bodies[@]}"; do
    marker=$(head -n 1 "$body")
    if ! [[ $marker =~ $marker_pattern ]]; then
      echo "::warning::perf-maven-plugin: ${body#"$artifacts"/} does not start with the plugin's marker: not posted"
      continue
    fi
    if [ "$(wc -c <"$body")" -gt 65536 ]; then
      echo "::warning::perf-maven-plugin: ${body#"$artifacts"/} is longer than a comment may be: not posted"
      continue
    fi
    if [ -n "$shard" ]; then
      # each shard judges its part: a comment of its own, by a marker of its own
      tmp=$(mktemp)
      { echo "${marker% -->} shard=${shard%/*}-of-${shard#*/} -->"; tail -n +2 "$body"; } >"$tmp"
      body=$tmp
    fi
    post "$number" "$body"
    posted=$((posted + 1))
  done
done
echo "perf-maven-plugin: $posted comment(s) posted"
