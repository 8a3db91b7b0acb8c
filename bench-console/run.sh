#!/bin/sh
# The console benchmark of issue 4 (docs/BENCHMARKS.md, "Console (issue 4)"): builds the modules it needs, then
# runs dev.hookline.bench.console.ConsoleBenchmark with every argument passed on as a JVM option (-D...).
# Without a display it starts its own Xvfb (xvfb-run) so the console is launched as `javafx:run` launches it;
# -Dconsole.headless uses Monocle instead (no X server needed, software rendering).
#
#   bench-console/run.sh -Dbench.dataDir=/tmp/hookline-console-bench-1m
#
# Extra Maven options (e.g. -Dmaven.repo.local=...) go in MAVEN_ARGS.
set -eu
cd "$(dirname "$0")/.."
: "${JAVA_HOME:?set JAVA_HOME to a JDK 21+}"
CP_FILE="${TMPDIR:-/tmp}/hookline-console-benchmark.classpath"
# shellcheck disable=SC2086
./mvnw -B -q ${MAVEN_ARGS:-} -pl bench-console -am compile dependency:build-classpath -Dmdep.outputFile="$CP_FILE"
CP="bench-console/target/classes:$(cat "$CP_FILE")"

headless=false
for arg in "$@"; do
  [ "$arg" = "-Dconsole.headless" ] && headless=true
done
if [ "$headless" = true ]; then
  exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$CP" "$@" dev.hookline.bench.console.ConsoleBenchmark
elif [ -n "${DISPLAY:-}" ]; then
  exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$CP" -Dconsole.display "$@" \
    dev.hookline.bench.console.ConsoleBenchmark
else
  exec xvfb-run -a -s "-screen 0 1920x1080x24" "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$CP" \
    -Dconsole.display "$@" dev.hookline.bench.console.ConsoleBenchmark
fi
