# Sourced by the study scripts: the two suites of the issue-32 study, their rows and refs.
# Each suite: a directory (a clone of the project), the base ref, the injection ref, the benchmark rows
# (perf.includes, perf.params), and the Maven command line up to the goal.
STUDY_M2=${STUDY_M2:-/work/study32/m2}
P=io.perfgate:perf-maven-plugin:0.1.0-SNAPSHOT
MVN=/root/.m2/wrapper/dists/apache-maven-3.9.16/bin/mvn
PRE_GOALS=${PRE_GOALS:-}   # e.g. clean, for a shard that builds from scratch as a fresh agent would
REPO_OPTS="-Dmaven.repo.local=$STUDY_M2 -Dmaven.repo.local.tail=/root/.m2/repository"

# Apache Commons Text: 3 rows with an injected slowdown, 1 unchanged (JDK code only)
CT_DIR=/work/try/commons-text
CT_BASE=study32-base
CT_INJECT=study32-inject
CT_INCLUDES='(DoubleFormatPerformance\.(bigDecimal|doubleFormatPlain|doubleFormatScientific)|LongestCommonSubsequencePerformance\.testLCS)$'
CT_PARAMS='size=10000'
# A/A rows: the four above and three more unchanged ones, so 2 suites x 7 rows x 3 A/A treatments = 42 comparisons
CT_AA_INCLUDES='(DoubleFormatPerformance\.(bigDecimal|decimalFormatPlain|doubleFormatEngineering|doubleFormatPlain|doubleFormatScientific)|LongestCommonSubsequencePerformance\.(testLCS|testLCSLen))$'
CT_OUT=target/perf
# the one-class patch of the pre-merge shards: the DoubleFormat part of the injection alone, on the base; the shards
# run in a worktree of their own (git worktree add /work/study32/ct-shard study32-patch), a fresh checkout
CT_PATCH=study32-patch
CT_SHARD_DIR=/work/study32/ct-shard
ct_mvn() { # goal args...
  (cd "$CT_DIR" && $MVN -B -ntp -o -Pbenchmark -Drat.skip $REPO_OPTS $PRE_GOALS test-compile "$@")
}

# Apache Avro (lang/java/perf, a JMH suite in main sources): 3 rows with an injected slowdown, 1 unchanged
AVRO_DIR=/work/avro
AVRO_BASE=study32-base
AVRO_INJECT=study32-inject
AVRO_INCLUDES='(basic\.StringTest\.(decode|encode)|basic\.BytesTest\.encode|basic\.FloatTest\.encode)$'
AVRO_PARAMS='none'
AVRO_AA_INCLUDES='(basic\.StringTest\.(decode|encode)|basic\.BytesTest\.encode|basic\.FloatTest\.encode|basic\.DoubleTest\.encode|basic\.IntTest\.encode|basic\.LongTest\.encode)$'
AVRO_OUT=lang/java/perf/target/perf
# the one-class patch of the pre-merge shards: the Utf8 injection (+20 % on StringTest.decode) alone, on the base
AVRO_PATCH=study32-patch
# the shards run in a worktree of their own (git worktree add /work/study32/avro-shard study32-patch), a fresh checkout
AVRO_SHARD_DIR=/work/study32/avro-shard
avro_mvn() {
  (. /work/avro-demo/env.sh && cd "$AVRO_DIR" && MAVEN_ARGS="-t /work/avro-demo/toolchains.xml" \
    mvn $AVRO_MVN_OPTS $REPO_OPTS -pl lang/java/perf -am $PRE_GOALS test-compile -Dperf.includeMainClasses=true "$@")
}
