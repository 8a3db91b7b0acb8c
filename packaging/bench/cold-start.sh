#!/usr/bin/env bash
# Cold starts of the packaged console (docs/BENCHMARKS.md, "Installers"): each start on fresh, empty data and
# settings directories, timed from spawn until the console's startup report (StartupReport) says it is ready
# (window shown, embedded server answering, first deliveries page on screen), with the process's CPU time then.
#
#   packaging/bench/cold-start.sh [STARTS] [LAUNCHER]      defaults: 5, packaging/target/Hookline/bin/Hookline
#
# Without a DISPLAY it runs itself again under xvfb-run (Debian: apt-get install xvfb libgtk-3-0).
set -euo pipefail

starts=${1:-5}
launcher=$(readlink -f "${2:-$(dirname "$0")/../target/Hookline/bin/Hookline}")
[[ -x $launcher ]] || { echo "no launcher at $launcher: build it with ./mvnw -B -Pinstaller -DskipTests package" >&2; exit 1; }
if [[ -z ${DISPLAY:-} ]]; then
  exec xvfb-run -a -s "-screen 0 1400x900x24" "$0" "$starts" "$launcher"
fi
ticks=$(getconf CLK_TCK)

for ((i = 1; i <= starts; i++)); do
  work=$(mktemp -d /tmp/hookline-cold-XXXXXX)
  start=$(date +%s%N)
  XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config \
    JAVA_TOOL_OPTIONS="-Dhookline.startup.report=$work/report.txt" "$launcher" > "$work/console.log" 2>&1 &
  pid=$!
  for ((polls = 0; polls < 1200; polls++)); do [[ -f $work/report.txt ]] && break; sleep 0.05; done
  end=$(date +%s%N)
  # the jpackage launcher runs the JVM in its own process: its utime + stime are the console's CPU time
  cpu_ms=$(awk -v t="$ticks" '{print int(($14 + $15) * 1000 / t)}' "/proc/$pid/stat")
  if [[ -f $work/report.txt ]]; then
    echo "start $i: spawn_to_ready_ms=$(((end - start) / 1000000)) cpu_ms=$cpu_ms $(tr '\n' ' ' < "$work/report.txt")load=$(cut -d' ' -f1 /proc/loadavg)"
  else
    echo "start $i: not ready within 60 s; see $work/console.log" >&2
  fi
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  [[ -f $work/report.txt ]] && rm -rf "$work"
done
