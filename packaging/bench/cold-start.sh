#!/usr/bin/env bash
# Cold starts of the packaged console (docs/BENCHMARKS.md, "Installers" and "Starting fast"): each start on fresh,
# empty data and settings directories, timed from spawn until the console's startup report (StartupReport) says it
# is ready (window shown, embedded server answering, first deliveries page on screen), with the CPU time then of
# the launcher and the console's JVM (ADR 0035; on Linux the launcher is a script, ADR 0037, that execs the JVM, or
# waits beside the first one, which has no cache yet).
#
#   packaging/bench/cold-start.sh [STARTS] [LAUNCHER]      defaults: 5, packaging/target/Hookline/bin/Hookline
#
# The start-up cache (ADR 0035, 0037) lives in a fresh cache directory made for this run: the first start finds it
# empty (it starts without, and once it is stopped the launcher trains the cache in the background; the script waits
# for that before the next start), the later ones use it; each line says which
# ("cache=first" / "cache=used"), and the last lines give the medians of both. HOOKLINE_STARTUP_CACHE=off in the
# environment measures starts without the cache (each then "cache=off").
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
cache=$(mktemp -d /tmp/hookline-cold-cache-XXXXXX)
trap 'rm -rf "$cache"' EXIT

# utime + stime of a process and its children (the launcher and the console's JVM), in ms
cpu_ms() {
  local total=0 p
  for p in "$1" $(pgrep -P "$1" || true); do
    [[ -r /proc/$p/stat ]] && total=$((total + $(awk '{print $14 + $15}' "/proc/$p/stat")))
  done
  echo $((total * 1000 / ticks))
}

median() { sort -n | awk '{v[NR] = $1} END {if (NR) print (NR % 2 ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2)); else print "-"}'; }

declare -A ready cpu
for ((i = 1; i <= starts; i++)); do
  work=$(mktemp -d /tmp/hookline-cold-XXXXXX)
  if [[ ${HOOKLINE_STARTUP_CACHE:-} == off ]]; then kind=off
  elif compgen -G "$cache/hookline/startup/console-*.aot" > /dev/null; then kind=used
  else kind=first; fi
  start=$(date +%s%N)
  XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$cache \
    JAVA_TOOL_OPTIONS="-Dhookline.startup.report=$work/report.txt" "$launcher" > "$work/console.log" 2>&1 &
  pid=$!
  for ((polls = 0; polls < 1200; polls++)); do [[ -f $work/report.txt ]] && break; sleep 0.05; done
  end=$(date +%s%N)
  used_ms=$(cpu_ms "$pid")
  if [[ -f $work/report.txt ]]; then
    spawn_ms=$(((end - start) / 1000000))
    ready[$kind]+="$spawn_ms "
    cpu[$kind]+="$used_ms "
    echo "start $i: cache=$kind spawn_to_ready_ms=$spawn_ms cpu_ms=$used_ms $(tr '\n' ' ' < "$work/report.txt")load=$(cut -d' ' -f1 /proc/loadavg)"
  else
    echo "start $i: not ready within 60 s; see $work/console.log" >&2
  fi
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  # after a first start the launcher makes the cache in the background (a training run, ADR 0037): the next start
  # waits for it, as a user who opens the console again some minutes later would
  if [[ $kind == first ]]; then
    for ((polls = 0; polls < 1800; polls++)); do
      compgen -G "$cache/hookline/startup/console-*.aot" > /dev/null && break
      compgen -G "$cache/hookline/startup/console-*.training.log" > /dev/null \
        && ! compgen -G "$cache/hookline/startup/console-*.training" > /dev/null && break
      sleep 0.1
    done
  fi
  [[ -f $work/report.txt ]] && rm -rf "$work"
done
for kind in first used off; do
  [[ -n ${ready[$kind]:-} ]] || continue
  echo "median cache=$kind: spawn_to_ready_ms=$(tr ' ' '\n' <<< "${ready[$kind]}" | grep . | median) cpu_ms=$(tr ' ' '\n' <<< "${cpu[$kind]}" | grep . | median) (starts: $(wc -w <<< "${ready[$kind]}"))"
done
