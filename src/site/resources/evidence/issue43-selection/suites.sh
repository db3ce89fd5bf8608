# Sourced by the issue-43 study scripts: the suites, their base and patch branches, and the Maven lines.
# Where things are on your machine is given by the environment, never written here:
#   AVRO_DIR, LANG_DIR              clones of Apache Avro and Apache Commons Lang holding the study43-* branches
#   AVRO_SHARD_DIR, LANG_SHARD_DIR  worktrees of those clones for the pre-merge shards (shard.sh only)
#   STUDY_OUT                       an absolute directory outside any repository for logs, maps and results
#   STUDY_M2                        a local repository holding the plugin to measure (default: Maven's own)
#   MVN                             the Maven command (default: mvn on the PATH)
#   MVN_OPTS                        extra Maven options for every run (e.g. -o once the local repository is full)
#   AVRO_TOOLCHAINS                 a toolchains.xml for Avro's build (it asks for JDK 11, 17 and 21 toolchains)
#   AVRO_ENV                        optional: a file to source before Avro's Maven (JAVA_HOME, MAVEN_OPTS)
#   AVRO_MVN_OPTS                   extra Maven options for Avro only (e.g. -Dmaven.test.skip=true: -am then skips
#                                   compiling Avro's own tests, which the benchmarks do not need)
#   AVRO_BUILD_CACHE                Avro's maven-build-cache-extension: false (default: every build compiles, as
#                                   on a fresh agent) or true (builds may be restored from the cache)
# the plugin's version: the repository's own (the POM four folders up), unless PLUGIN_VERSION says otherwise
PLUGIN_VERSION=${PLUGIN_VERSION:-$(grep -A1 '<artifactId>perf-parent</artifactId>' \
  "$(dirname "${BASH_SOURCE[0]}")/../../../../../pom.xml" | sed -n 's:.*<version>\(.*\)</version>.*:\1:p' | head -1)}
P=io.perfgate:perf-maven-plugin:$PLUGIN_VERSION
MVN=${MVN:-mvn}
MVN_OPTS=${MVN_OPTS:-}
PRE_GOALS=${PRE_GOALS:-}       # e.g. clean, for a shard that builds from scratch as a fresh agent would
BUILD_GOAL=${BUILD_GOAL-test-compile}   # empty for a goal that needs no build (perf:record)
# AVRO_AM: -am (default) builds the modules lang/java/perf needs in the reactor; empty runs a goal in that module only
REPO_OPTS=${STUDY_M2:+-Dmaven.repo.local=$STUDY_M2 -Dmaven.repo.local.tail=$HOME/.m2/repository}
STUDY_SHARDS=${STUDY_SHARDS:-4}

# Apache Avro at the issue-32 study's base (lang/java/perf: a JMH suite in main sources, 65 benchmark methods,
# 69 parameter sets: MinBytesPerElementTest's two methods take schemaType WIDE, DEEP, RECURSIVE)
AVRO_DIR=${AVRO_DIR:-}
AVRO_SHARD_DIR=${AVRO_SHARD_DIR:-}
AVRO_BASE=study43-base
AVRO_PATCHES='decoder reader schema'
AVRO_OUT=lang/java/perf/target/perf
AVRO_PKG=org.apache.avro.perf.test.
AVRO_BENCHMARK_LIST=lang/java/perf/target/classes/META-INF/BenchmarkList
avro_mvn() { # goals and arguments...
  (if [ -n "${AVRO_ENV:-}" ]; then . "$AVRO_ENV"; fi
   cd "$AVRO_DIR" && $MVN -B -ntp ${AVRO_TOOLCHAINS:+-t "$AVRO_TOOLCHAINS"} $MVN_OPTS ${AVRO_MVN_OPTS:-} $REPO_OPTS \
     -Dmaven.build.cache.enabled="${AVRO_BUILD_CACHE:-false}" -Denforcer.skip=true -Dspotless.check.skip=true \
     -pl lang/java/perf ${AVRO_AM--am} $PRE_GOALS $BUILD_GOAL -Dperf.includeMainClasses=true "$@")
}

# Apache Commons Lang at its newest main commit when the study was prepared (benchmarks in src/test/java under
# org.apache.commons.lang3, compiled by its `benchmark` profile: 35 benchmark methods, 131 parameter sets)
LANG_DIR=${LANG_DIR:-}
LANG_SHARD_DIR=${LANG_SHARD_DIR:-}
LANG_BASE=study43-base
LANG_PATCHES='stringutils'
LANG_OUT=target/perf
LANG_PKG=org.apache.commons.lang3.
LANG_BENCHMARK_LIST=target/test-classes/META-INF/BenchmarkList
lang_mvn() { # goals and arguments...
  (cd "$LANG_DIR" && $MVN -B -ntp -Pbenchmark -Drat.skip $MVN_OPTS $REPO_OPTS $PRE_GOALS $BUILD_GOAL "$@")
}

# suite_vars SUITE: sets dir, shard_dir, base, perfout, pkg, benchlist, patches, run (the Maven function)
suite_vars() {
  case $1 in
    avro) dir=${AVRO_DIR:?AVRO_DIR: a clone of Apache Avro with the study43-* branches (README.md)}
          shard_dir=$AVRO_SHARD_DIR base=$AVRO_BASE perfout=$AVRO_OUT pkg=$AVRO_PKG benchlist=$AVRO_BENCHMARK_LIST run=avro_mvn patches=$AVRO_PATCHES ;;
    lang) dir=${LANG_DIR:?LANG_DIR: a clone of Apache Commons Lang with the study43-* branches (README.md)}
          shard_dir=$LANG_SHARD_DIR base=$LANG_BASE perfout=$LANG_OUT pkg=$LANG_PKG benchlist=$LANG_BENCHMARK_LIST run=lang_mvn patches=$LANG_PATCHES ;;
    *) echo "unknown suite $1 (avro, lang)" >&2; return 2 ;;
  esac
}

# check_patch SUITE PATCH: the patch is one of the suite's
check_patch() {
  case " $patches " in *" $2 "*) ;; *) echo "unknown patch $2 for $1 (one of: $patches)" >&2; return 2 ;; esac
}

# the study's output directory, absolute (Maven runs in the clones)
study_out() {
  : "${STUDY_OUT:?STUDY_OUT: an absolute directory outside the repository for the runs}"
  case $STUDY_OUT in /*) ;; *) echo "STUDY_OUT must be absolute: $STUDY_OUT" >&2; return 2 ;; esac
  mkdir -p "$STUDY_OUT" && echo "$STUDY_OUT"
}

# where the map of executed code is kept: a history directory per suite (perf:record writes it, perf:compare reads it)
history_dir() { echo "$(study_out)/$1-history"; }

# the history's main line is the study's base branch, not main (perf.mainBranch), in every goal that reads it
history_args() { # SUITE BASE
  echo "-Dperf.history=$(history_dir "$1") -Dperf.mainBranch=$2"
}

# meta_start FILE: the provenance every run keeps (commits, plugin, load, start)
meta_start() { # FILE DIR HEAD BASE COMMAND...
  local file=$1 d=$2 head=$3 b=$4; shift 4
  {
    echo "head=$head $(git -C "$d" rev-parse HEAD)"; echo "base=$b $(git -C "$d" rev-parse "$b")"
    echo "plugin_repo_head=$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse HEAD 2>/dev/null)"
    echo "plugin=$P"
    printf 'command='; printf ' %q' "$@"; echo
    echo "start=$(date -u +%FT%TZ)"; echo "load_before=$(cut -d' ' -f1-3 /proc/loadavg)"
  } > "$file"
}
meta_end() { # FILE RC START_EPOCH_NS
  local e; e=$(date +%s%N)
  {
    echo "end=$(date -u +%FT%TZ)"; echo "load_after=$(cut -d' ' -f1-3 /proc/loadavg)"
    echo "rc=$2"; echo "wall_seconds=$(( (e - $3) / 1000000000 ))"
  } >> "$1"
}

# keep_perf DIR/PERFOUT OUT: what the plugin wrote (results, reports, executed-code maps), without HTML
keep_perf() {
  mkdir -p "$2/perf"
  (cd "$1" 2>/dev/null && find . -type f \( -name '*.json' -o -name '*.json.gz' -o -name '*.md' -o -name '*.csv' \) \
     -not -path './base-*' -exec cp --parents {} "$2/perf/" \;)
  find "$2/perf" -name '*.json' -size +200k -exec gzip -9 -f {} \;
}
