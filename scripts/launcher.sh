# Sourced by ./heaplab and examples/library/run (not run by itself): what the launcher does before it starts the
# JVM. It finds a JDK >= 25 and builds the command's jar when it is missing or stale.
# The sourcing script sets `root` (heaplab's root directory) first; this sets `jar`, `need` and `opts`.

jar="$root/cli/target/heaplab.jar"
need=25

die() { echo "heaplab: $*" >&2; exit 1; }

# HEAPLAB_JAVA_OPTS (else JAVA_OPTS), split into words: JVM options the user adds, such as -Xmx8g.
opts=()
read -r -a opts <<< "${HEAPLAB_JAVA_OPTS:-${JAVA_OPTS:-}}"

# Where a JVM that fails writes its crash report: the temporary directory, never the user's working directory.
crash_opts=("-XX:ErrorFile=${TMPDIR:-/tmp}/heaplab_hs_err_pid%p.log")

# The Java feature version of a java binary, or nothing if it does not run. It runs with the user's JVM options, so
# a probe under a limit the user set (ulimit -v) starts as the command itself will, and it leaves no file behind.
feature_version() {
  "$1" "${opts[@]}" -XX:ErrorFile=/dev/null -XX:-UsePerfData -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

# Why a java binary does not start, in the JVM's own words: its first lines, those of a crash banner included.
why_not() {
  "$1" "${opts[@]}" -XX:ErrorFile=/dev/null -XX:-UsePerfData -version 2>&1 | sed 's/^#* *//' \
    | grep -v -e '^$' -e 'error report' -e '^/' | head -n 2 | tr '\n' ' ' | sed 's/ *$//'
}

# The first java of JAVA_HOME, then /usr/lib/jvm/*, whose version is `need` or newer; never the one on the PATH.
# Those that do not start at all are listed in `failed`, and the first one's complaint kept in `complaint`.
find_java() {
  local candidate v
  failed=""
  complaint=""
  for candidate in ${JAVA_HOME:+"$JAVA_HOME/bin/java"} /usr/lib/jvm/*/bin/java; do
    [ -x "$candidate" ] || continue
    v="$(feature_version "$candidate")"
    if [ -n "$v" ] && [ "$v" -ge "$need" ]; then
      echo "$candidate"
      return 0
    fi
    if [ -z "$v" ]; then
      failed="${failed:+$failed, }$candidate"
      [ -n "$complaint" ] || complaint="$(why_not "$candidate")"
    fi
  done
  return 1
}

# find_java, or a one-line error: JDKs that would not start (a limit, a bad option) are named as such.
require_java() {
  find_java && return 0
  if [ -n "$failed" ]; then
    die "no JDK would start with HEAPLAB_JAVA_OPTS '${opts[*]}' under this shell's limits ($failed: $complaint);" \
      "raise the limit (ulimit -v) or lower the JVM's needs (HEAPLAB_JAVA_OPTS=-Xmx512m)"
  fi
  die "no JDK $need or newer found (looked at JAVA_HOME and /usr/lib/jvm/*); install one there"
}

# Stale when any pom or main source or resource is newer than the jar (build output and history aside). When the
# tree cannot be looked through (too few file descriptors: ulimit -n), one line says so and the jar is run as built.
stale() {
  [ -f "$jar" ] || return 0
  local newer
  if ! newer="$(find "$root" \( -name .git -o -name target -o -path "$root/acceptance" \) -prune -o \
      \( -name pom.xml -o -path '*/src/main/*' \) -type f -newer "$jar" -print -quit 2>/dev/null)"; then
    echo "heaplab: could not look through the sources for changes (ulimit -n?); running the jar as built" >&2
    return 1
  fi
  [ -n "$newer" ]
}

# Builds the jar when it is stale.
build_if_stale() {
  stale || return 0
  command -v mvn >/dev/null 2>&1 || die "Maven (mvn) is needed to build the heaplab command"
  echo "heaplab: building the command (first use, or sources changed); a first build takes a few minutes" >&2
  local log
  log="$(mktemp)"
  # one line per module as Maven reaches it, so a first build is not minutes of silence; the whole log on failure
  # Maven's JVM, too, writes a crash report (a limit the shell set) to the temporary directory, not the tree
  if ! (cd "$root" && MAVEN_OPTS="${MAVEN_OPTS:-} ${crash_opts[*]}" \
      mvn -B -ntp -Dstyle.color=never -pl cli -am package -DskipTests 2>&1) | tee "$log" \
      | sed -n 's/^\[INFO\] Building \(heaplab.*\) [0-9.]*-SNAPSHOT *\[\([0-9]*\/[0-9]*\)\]$/heaplab:   \2 \1/p' >&2
  then
    tail -n 40 "$log" >&2
    rm -f "$log"
    die "the build failed (its last lines are above); run 'mvn -B -ntp -pl cli -am package' to see all of it"
  fi
  rm -f "$log"
}

