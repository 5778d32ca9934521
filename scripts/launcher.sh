# Sourced by ./heaplab and examples/library/run (not run by itself): what the launcher does before it starts the
# JVM. It finds a JDK >= 25 and builds the command's jar when it is missing or stale.
# The sourcing script sets `root` (heaplab's root directory) first; this sets `jar`, `need` and `opts`.

jar="$root/cli/target/heaplab.jar"
need=25

die() { echo "heaplab: $*" >&2; exit 1; }

# The Java feature version of a java binary, or nothing if it does not run.
feature_version() {
  "$1" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

# The first java of JAVA_HOME, then /usr/lib/jvm/*, whose version is `need` or newer; never the one on the PATH.
find_java() {
  local candidate v
  for candidate in ${JAVA_HOME:+"$JAVA_HOME/bin/java"} /usr/lib/jvm/*/bin/java; do
    [ -x "$candidate" ] || continue
    v="$(feature_version "$candidate")"
    if [ -n "$v" ] && [ "$v" -ge "$need" ]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

# find_java, or a one-line error.
require_java() {
  find_java || die "no JDK $need or newer found (looked at JAVA_HOME and /usr/lib/jvm/*); install one there"
}

# Stale when any pom or main source or resource is newer than the jar (build output and history aside).
stale() {
  [ -f "$jar" ] || return 0
  [ -n "$(find "$root" \( -name .git -o -name target -o -path "$root/acceptance" \) -prune -o \
      \( -name pom.xml -o -path '*/src/main/*' \) -type f -newer "$jar" -print -quit)" ]
}

# Builds the jar when it is stale.
build_if_stale() {
  stale || return 0
  command -v mvn >/dev/null 2>&1 || die "Maven (mvn) is needed to build the heaplab command"
  echo "heaplab: building the command (first use, or sources changed); a first build takes a few minutes" >&2
  local log
  log="$(mktemp)"
  # one line per module as Maven reaches it, so a first build is not minutes of silence; the whole log on failure
  if ! (cd "$root" && mvn -B -ntp -Dstyle.color=never -pl cli -am package -DskipTests 2>&1) | tee "$log" \
      | sed -n 's/^\[INFO\] Building \(heaplab.*\) [0-9.]*-SNAPSHOT *\[\([0-9]*\/[0-9]*\)\]$/heaplab:   \2 \1/p' >&2
  then
    tail -n 40 "$log" >&2
    rm -f "$log"
    die "the build failed (its last lines are above); run 'mvn -B -ntp -pl cli -am package' to see all of it"
  fi
  rm -f "$log"
}

# HEAPLAB_JAVA_OPTS (else JAVA_OPTS), split into words: JVM options the user adds, such as -Xmx8g.
opts=()
read -r -a opts <<< "${HEAPLAB_JAVA_OPTS:-${JAVA_OPTS:-}}"
