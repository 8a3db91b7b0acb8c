# Finds a JDK 21+ for Hookline's build. Sourced (POSIX sh) by ./mvnw, so both README commands work on a machine whose
# default java is older, and by .ci/run, so CI picks its JDK the same way. Order: JAVA_HOME, the java on the PATH,
# then the newest JDK in the usual places. Each function leaves the caller's shell options alone.

HOOKLINE_MIN_JAVA=21

# Major version of the java binary $1 ("17.0.15" -> 17, "1.8.0_392" -> 8, "25" -> 25); prints nothing if it does not
# run. Reads the JDK's release file when there is one (no JVM start), else asks the binary.
hookline_java_major() {
  hookline_home=$(dirname "$(dirname "$1")")
  hookline_version=""
  if [ -r "$hookline_home/release" ]; then
    hookline_version=$(sed -n 's/^JAVA_VERSION="\([^"]*\)".*/\1/p' "$hookline_home/release")
  fi
  if [ -z "$hookline_version" ]; then
    hookline_version=$("$1" -XshowSettings:properties -version 2>&1 |
      sed -n 's/^ *java\.specification\.version = //p' | head -n 1) || true
  fi
  hookline_version=${hookline_version#1.}
  hookline_version=${hookline_version%%[!0-9]*}
  [ -n "$hookline_version" ] && echo "$hookline_version"
  return 0
}

# True when $1 is a JDK home (java and javac) of version 21 or newer.
hookline_is_recent_jdk() {
  [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 1
  hookline_major=$(hookline_java_major "$1/bin/java")
  [ -n "$hookline_major" ] && [ "$hookline_major" -ge "$HOOKLINE_MIN_JAVA" ]
}

# Prints the home of the java on the PATH when it is a JDK 21+.
hookline_path_jdk() {
  hookline_java=$(command -v java 2>/dev/null) || return 1
  hookline_java=$(readlink -f "$hookline_java" 2>/dev/null || echo "$hookline_java")
  hookline_home=$(dirname "$(dirname "$hookline_java")")
  hookline_is_recent_jdk "$hookline_home" && echo "$hookline_home"
}

# Prints the newest JDK 21+ in the usual install places; fails when there is none.
hookline_newest_jdk() {
  hookline_best=""
  hookline_best_major=0
  case $- in *f*) hookline_noglob=1; set +f ;; *) hookline_noglob=0 ;; esac
  for hookline_candidate in /usr/lib/jvm/* /opt/java/* /opt/java /usr/java/* \
      /Library/Java/JavaVirtualMachines/*/Contents/Home "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/*; do
    hookline_is_recent_jdk "$hookline_candidate" || continue
    hookline_major=$(hookline_java_major "$hookline_candidate/bin/java")
    if [ "$hookline_major" -gt "$hookline_best_major" ]; then
      hookline_best=$hookline_candidate
      hookline_best_major=$hookline_major
    fi
  done
  if [ "$hookline_noglob" = 1 ]; then set -f; fi
  [ -n "$hookline_best" ] && echo "$hookline_best"
}

# Prints the JDK 21+ home to use (JAVA_HOME, else the PATH's, else the newest installed); fails when there is none.
hookline_find_jdk() {
  if [ -n "${JAVA_HOME-}" ] && hookline_is_recent_jdk "$JAVA_HOME"; then
    echo "$JAVA_HOME"
    return 0
  fi
  hookline_path_jdk || hookline_newest_jdk
}

# For ./mvnw: when neither JAVA_HOME nor the java on the PATH is a JDK 21+, use the newest one installed and say so.
# Without one, nothing changes and Maven's enforcer rule says what is needed.
hookline_use_jdk() {
  if [ -n "${JAVA_HOME-}" ] && hookline_is_recent_jdk "$JAVA_HOME"; then
    return 0
  fi
  if hookline_found=$(hookline_path_jdk); then
    :
  elif hookline_found=$(hookline_newest_jdk); then
    echo "Hookline: using the JDK $(hookline_java_major "$hookline_found/bin/java") at $hookline_found" \
      "(JAVA_HOME and the java on the PATH are not a JDK $HOOKLINE_MIN_JAVA+)" >&2
  else
    return 0
  fi
  JAVA_HOME=$hookline_found
  PATH="$JAVA_HOME/bin:$PATH"
  export JAVA_HOME PATH
}
