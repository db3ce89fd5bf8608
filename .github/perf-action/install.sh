#!/usr/bin/env bash
# Puts the plugin of the action's own source into the local Maven repository, until a release is on a public
# repository. Two commands, so that the cache step can sit between them:
#
#   install.sh key SOURCE       prints (and on GitHub sets as step outputs) the plugin's version and the cache key:
#                               a hash of the source, so that the same source is built once, whatever ref named it
#   install.sh install SOURCE   builds and installs the plugin modules from SOURCE with its own Maven wrapper
#
# SOURCE is the action's directory (github.action_path): a copy of this repository at the action's ref.
set -euo pipefail

command=${1:?usage: install.sh key|install SOURCE}
source_dir=$(cd "${2:?usage: install.sh key|install SOURCE}" && pwd)

# The project's version: the first <version> after the parent's artifactId in the root POM.
version() {
  awk '/<artifactId>perf-parent<\/artifactId>/ { seen = 1; next }
       seen && /<version>/ { sub(/.*<version>/, ""); sub(/<\/version>.*/, ""); print; exit }' "$source_dir/pom.xml"
}

# A hash of what the plugin is built from: the POMs and the modules' main sources, names and contents.
source_hash() {
  (cd "$source_dir" && find pom.xml perf-scenario-api perf-core perf-maven-plugin \
      -path '*/target' -prune -o -path '*/src/test' -prune -o -type f -print 2>/dev/null | LC_ALL=C sort \
    | while IFS= read -r f; do printf '%s\n' "$f"; cat "$f"; done) | sha256sum | cut -c1-20
}

case "$command" in
  key)
    v=$(version)
    [ -n "$v" ] || { echo "::error::No version in $source_dir/pom.xml: is this the perf-maven-plugin source?"; exit 1; }
    key="perf-maven-plugin-$v-$(source_hash)"
    echo "perf-maven-plugin $v from $source_dir, cache key $key"
    if [ -n "${GITHUB_OUTPUT:-}" ]; then
      { echo "version=$v"; echo "key=$key"; } >>"$GITHUB_OUTPUT"
    fi
    ;;
  install)
    echo "Building perf-maven-plugin $(version) from $source_dir (once per source: the next run takes it from the cache)"
    cd "$source_dir"
    # -am builds the parent POM and the modules the plugin needs; the ITs and the examples are left out
    # sh: the wrapper's executable bit may not survive the action's download
    sh ./mvnw -B -q -ntp install -DskipTests -Dinvoker.skip=true -pl perf-maven-plugin -am
    ;;
  *)
    echo "install.sh: unknown command '$command' (key or install)" >&2
    exit 2
    ;;
esac
