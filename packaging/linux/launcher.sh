#!/usr/bin/env bash
# Hookline's launcher on Linux: bin/Hookline of the app image and of the .deb (ADR 0037). It stands in for the native
# launcher jpackage makes, which asks the package managers who owns it at every start (`rpm -qf`, then `dpkg -S`,
# twice: 0.3 s and more where many packages are installed) and, for the start-up cache (ADR 0035), had to start a
# second JVM. This script reads the same lib/app/Hookline.cfg that jpackage wrote (class path, JVM options, main
# class), so the options live in one place, and starts the console's JVM itself, with the start-up cache:
#
#   - no arguments, a display, a writable cache directory: the console with -XX:AOTCache=<cache> when there is one;
#     else the console without it, and once the console was closed, a training run in the background records the
#     cache (-XX:AOTCacheOutput=<cache>.<pid>.part), which gets its name only once it is whole;
#   - anything else (--server, --smoke-test, --version, HOOKLINE_STARTUP_CACHE=off, no display): the JVM as is.
#
# The cache lives in $HOOKLINE_CACHE_DIR/startup, else $XDG_CACHE_HOME/hookline/startup, else
# ~/.cache/hookline/startup (the console's UserDirectory.CACHE). Its name holds a checksum of the runtime, the JVM
# options and every class path jar (path, size, time): an upgrade makes a new one and the old ones are deleted.
set -u

self=$(readlink -f -- "${BASH_SOURCE[0]}")
bin_dir=${self%/*}
root=${bin_dir%/*}
app_dir=$root/lib/app
java=$root/lib/runtime/bin/java
config=$app_dir/${self##*/}.cfg

main_class='' options=() class_path=() default_arguments=()
while IFS= read -r line || [[ -n $line ]]; do
  line=${line//\$APPDIR/$app_dir}
  line=${line//\$BINDIR/$bin_dir}
  line=${line//\$ROOTDIR/$root}
  case $line in
    app.mainclass=*) main_class=${line#*=} ;;
    app.classpath=*) class_path+=("${line#*=}") ;;
    java-options=*) options+=("${line#*=}") ;;
    arguments=*) default_arguments+=("${line#*=}") ;;
  esac
done < "$config" || { echo "Hookline: cannot read $config" >&2; exit 1; }
[[ $# -eq 0 && ${#default_arguments[@]} -gt 0 ]] && set -- "${default_arguments[@]}"
joined_class_path=$(IFS=:; echo "${class_path[*]}")
options+=("-Djpackage.app-path=$self")
# the console's start-up report counts from here (StartupReport); bash 5 knows the time without a process
[[ -n ${EPOCHREALTIME:-} ]] && options+=("-Dhookline.launched.epoch.ms=$(( ${EPOCHREALTIME/[.,]/} / 1000 ))")

cache_directory() {
  if [[ -n ${HOOKLINE_CACHE_DIR:-} ]]; then
    echo "${HOOKLINE_CACHE_DIR/#\~/$HOME}/startup"
  elif [[ ${XDG_CACHE_HOME:-} == /* ]]; then
    echo "$XDG_CACHE_HOME/hookline/startup"
  else
    echo "$HOME/.cache/hookline/startup"
  fi
}

run_plain() {
  exec "$java" "${options[@]}" -cp "$joined_class_path" "$main_class" "$@"
}

if [[ $# -gt 0 || ${HOOKLINE_STARTUP_CACHE:-} == off || -z ${DISPLAY:-}${WAYLAND_DISPLAY:-} ]]; then
  run_plain "$@"
fi
directory=$(cache_directory)
if ! mkdir -p -- "$directory" 2>/dev/null || [[ ! -w $directory ]]; then
  run_plain
fi
# what a cache depends on: the image, its runtime, the JVM options (not those that differ per start), each jar
key=$({ echo "$root"; cat "$root/lib/runtime/release" 2>/dev/null
        printf '%s\n' "${options[@]}" | grep -v -e '^-Djpackage.app-path=' -e '^-Dhookline.launched'
        stat -c '%n %s %Y' -- "${class_path[@]}" 2>&1; } | cksum | cut -d' ' -f1)
cache=$directory/console-$key.aot
# the caches (and failed trainings' logs) of other versions go; so do recordings nobody finished within six hours
for file in "$directory"/console-*.aot "$directory"/console-*.training.log; do
  [[ -e $file && $file != "$cache" && $file != "$directory/console-$key.training.log" ]] && rm -f -- "$file"
done
find "$directory" -maxdepth 1 -name 'console-*.part' -mmin +360 -delete 2>/dev/null
# a cache the JVM refuses (damaged, another runtime) is not worth a message: the console deletes it (StartupCache)
quiet=-Xlog:aot=off,cds=off

if [[ -f $cache ]]; then
  exec "$java" "-XX:AOTCache=$cache" "$quiet" "-Dhookline.startup.cache.file=$cache" "${options[@]}" \
      -cp "$joined_class_path" "$main_class"
fi

# No cache for this version yet: the console starts without one, as fast as it can (recording while it starts would
# make the start 10 to 15 % slower: a recording JVM maps no class-data archive at all), and the cache is made after it
# closed, in the background, by a training run: the packaged smoke test (--smoke-test --headless: the console on the
# headless toolkit with its embedded server in a temporary directory, one event delivered end to end and shown in
# the deliveries table), which loads and runs what a console start does.
train_cache() {
  local lock=$directory/console-$key.training recording=$cache.$$.part log=$directory/console-$key.training.log
  find "$directory" -maxdepth 1 -name 'console-*.training' -mmin +360 -exec rm -rf {} + 2>/dev/null
  # one training at a time, and none again for a version whose training failed (its log says why)
  [[ -e $cache || -e $log ]] && return 0
  mkdir -- "$lock" 2>/dev/null || return 0
  if "$java" "-XX:AOTCacheOutput=$recording" "$quiet" "${options[@]}" -cp "$joined_class_path" "$main_class" \
      --smoke-test --headless --timeout 120 > "$log" 2>&1 < /dev/null && [[ -s $recording ]]; then
    mv -f -- "$recording" "$cache"
    rm -f -- "$log"
  fi
  rm -f -- "$recording"
  rmdir -- "$lock" 2>/dev/null
}

"$java" "${options[@]}" -cp "$joined_class_path" "$main_class" &
console=$!
# stopped by a signal, the launcher stops the console and waits for it
trap 'kill -TERM "$console" 2>/dev/null' TERM INT HUP
wait "$console"
status=$?
while kill -0 "$console" 2>/dev/null; do
  wait "$console"
  status=$?
done
trap - TERM INT HUP
# closed by its user (the window, or Ctrl+C / TERM from a terminal), not failed: train, without holding the terminal
# (a closed terminal's hang-up does not stop the training)
if (( status == 0 || status == 130 || status == 143 )); then
  ( trap '' HUP; train_cache ) < /dev/null > /dev/null 2>&1 &
fi
exit "$status"
