# Sourced by the study scripts: the two suites of the issue-32 study, their rows and refs.
# Each suite: a directory (a clone of the project), the base ref, the injection ref, the benchmark rows
# (perf.includes, perf.params), and the Maven command line up to the goal.
# Where things are on your machine is given by the environment, never written here:
#   CT_DIR, AVRO_DIR              clones of Commons Text and Avro holding the study32-* branches (see README.md)
#   CT_SHARD_DIR, AVRO_SHARD_DIR  worktrees of those clones for the pre-merge shards (only for KIND shardK)
#   STUDY_M2                      a local repository holding the plugin to measure (default: Maven's own)
#   MVN                           the Maven command (default: mvn on the PATH)
#   AVRO_ENV, AVRO_TOOLCHAINS     optional: a file to source (JDK, MAVEN_OPTS) and a toolchains.xml for Avro's build
# the plugin's version: the repository's own (the POM four folders up), unless PLUGIN_VERSION says otherwise
PLUGIN_VERSION=${PLUGIN_VERSION:-$(grep -A1 '<artifactId>perf-parent</artifactId>' \
  "$(dirname "${BASH_SOURCE[0]}")/../../../../../pom.xml" | sed -n 's:.*<version>\(.*\)</version>.*:\1:p' | head -1)}
P=io.perfgate:perf-maven-plugin:$PLUGIN_VERSION
MVN=${MVN:-mvn}
PRE_GOALS=${PRE_GOALS:-}   # e.g. clean, for a shard that builds from scratch as a fresh agent would
REPO_OPTS=${STUDY_M2:+-Dmaven.repo.local=$STUDY_M2 -Dmaven.repo.local.tail=$HOME/.m2/repository}

# Apache Commons Text: 3 rows with an injected slowdown, 1 unchanged (JDK code only)
CT_DIR=${CT_DIR:-}
CT_BASE=study32-base
CT_INJECT=study32-inject
CT_INCLUDES='(DoubleFormatPerformance\.(bigDecimal|doubleFormatPlain|doubleFormatScientific)|LongestCommonSubsequencePerformance\.testLCS)$'
CT_PARAMS='size=10000'
# A/A rows: the four above and three more unchanged ones, so 2 suites x 7 rows x 3 A/A treatments = 42 comparisons
CT_AA_INCLUDES='(DoubleFormatPerformance\.(bigDecimal|decimalFormatPlain|doubleFormatEngineering|doubleFormatPlain|doubleFormatScientific)|LongestCommonSubsequencePerformance\.(testLCS|testLCSLen))$'
CT_OUT=target/perf
# the one-class patch of the pre-merge shards: the DoubleFormat part of the injection alone, on the base; the shards
# run in a worktree of their own (git -C "$CT_DIR" worktree add "$CT_SHARD_DIR" study32-patch), a fresh checkout
CT_PATCH=study32-patch
CT_SHARD_DIR=${CT_SHARD_DIR:-}
ct_mvn() { # goal args...
  (cd "$CT_DIR" && $MVN -B -ntp -o -Pbenchmark -Drat.skip $REPO_OPTS $PRE_GOALS test-compile "$@")
}

# Apache Avro (lang/java/perf, a JMH suite in main sources): 3 rows with an injected slowdown, 1 unchanged
AVRO_DIR=${AVRO_DIR:-}
AVRO_BASE=study32-base
AVRO_INJECT=study32-inject
AVRO_INCLUDES='(basic\.StringTest\.(decode|encode)|basic\.BytesTest\.encode|basic\.FloatTest\.encode)$'
AVRO_PARAMS='none'
AVRO_AA_INCLUDES='(basic\.StringTest\.(decode|encode)|basic\.BytesTest\.encode|basic\.FloatTest\.encode|basic\.DoubleTest\.encode|basic\.IntTest\.encode|basic\.LongTest\.encode)$'
AVRO_OUT=lang/java/perf/target/perf
# the one-class patch of the pre-merge shards: the Utf8 injection (+20 % on StringTest.decode) alone, on the base
AVRO_PATCH=study32-patch
# the shards run in a worktree of their own (git -C "$AVRO_DIR" worktree add "$AVRO_SHARD_DIR" study32-patch)
AVRO_SHARD_DIR=${AVRO_SHARD_DIR:-}
avro_mvn() {
  (if [ -n "${AVRO_ENV:-}" ]; then . "$AVRO_ENV"; fi
   cd "$AVRO_DIR" && $MVN ${AVRO_TOOLCHAINS:+-t "$AVRO_TOOLCHAINS"} ${AVRO_MVN_OPTS:-} $REPO_OPTS \
     -pl lang/java/perf -am $PRE_GOALS test-compile -Dperf.includeMainClasses=true "$@")
}
