#!/usr/bin/env bash
# Compares heaplab's replacement policies with those of Caffeine's cache simulator (Ben Manes,
# github.com/ben-manes/caffeine, its simulator/ project): both replay the same traces at the same cache sizes, in
# entries (every page one entry of weight 1), every reference counted (no warm-up, no admission filter), and their
# exact miss counts are printed side by side. Exits 1 when a count differs and the table of explained differences
# below does not name the policy, 2 when something needed is missing.
#
# Caffeine builds with Gradle; this script builds the simulator with Maven instead, from
# benchmarks/peers/caffeine/pom.xml: the simulator's dependencies at the versions of Caffeine's
# gradle/libs.versions.toml (the nearest on Maven Central where one is not there), its project(":caffeine") as the
# released artifact 3.3.1, compiled for Java 25; every source file is compiled, none left out. Caffeine's source is
# $CAFFEINE_SRC (a source directory or a git repository, bare or not; its commit $CAFFEINE_COMMIT is used when it
# has it, else its HEAD), else a clone of https://github.com/ben-manes/caffeine at that commit (default ccef955).
# Only simulator/src/main/java and the simulator's reference.conf are built from (the sample traces beside them
# are not needed). The build goes to WORK/caffeine and is reused while the source, the pom and the patch below are
# the same.
#
# One change to Caffeine, made by sed in WORK's copy: its oracleGeneral reader
# (parser/libcachesim/oracle/OracleGeneralTraceReader.java) takes each record's object size as the entry's weight
# and declares the trace WEIGHTED, and the simulator then silently skips every policy that does not support
# weights (ARC, CAR, LIRS, CLOCK-Pro, SLRU, 2Q, LFU ...). Patched, it gives every object weight 1 and declares
# nothing, so every policy runs and a cache of N holds N pages. The counts need no change: the simulator's csv
# report prints hits, misses and requests whole. The simulator runs with admission Always (no TinyLFU filter in
# front of the policies) and with no skip or limit of the trace (no warm-up).
#
# Needs: what ./heaplab needs (a JDK 25 and Maven; the build downloads the simulator's dependencies from Maven
# Central once), python3, and git unless CAFFEINE_SRC is a source directory.
#
# Usage:
#   benchmarks/peers/caffeine.sh [compare] [--traces zipf,mix,f2c] [--references N] [--sizes A,B,C] [--work DIR]
#       generates the traces with heaplab (zipf: zipf:pages=100000,skew=0.9; mix: the same with scan=0.3; seed 1;
#       f2c: a real program's references, the shipped prototype, replayed at 20, 40 and 100 instead of --sizes),
#       converts them to oracleGeneral, replays both tools and prints the table
#   benchmarks/peers/caffeine.sh run [--policies P,Q,...] [--size N] [--format F] [--work DIR] TRACE
#       runs Caffeine's simulator on TRACE (oracleGeneral, zstd or not; --format names another of its formats)
#       and prints policy,maximum_size,hits,misses,requests, exact, one line per policy
#   benchmarks/peers/caffeine.sh build [--work DIR]
#       builds the simulator and prints its class path
# The same settings as environment variables: TRACES (zipf,mix,f2c), REFERENCES (1000000), SIZES (100,1000,10000),
# POLICIES (run: the compared ones), SIZE (run: 1000), WORK (${TMPDIR:-/tmp}/heaplab-peers), CAFFEINE_SRC,
# CAFFEINE_COMMIT, CAFFEINE_JAVA_OPTS (the simulator's JVM options, -Xmx4g), FORMAT (run: lcs-oracle-general).
set -euo pipefail

TRACES="${TRACES:-zipf,mix,f2c}"
REFERENCES="${REFERENCES:-1000000}"
SIZES="${SIZES:-100,1000,10000}"
SIZE="${SIZE:-1000}"
FORMAT="${FORMAT:-lcs-oracle-general}"
WORK="${WORK:-${TMPDIR:-/tmp}/heaplab-peers}"
CAFFEINE_URL="https://github.com/ben-manes/caffeine"
CAFFEINE_COMMIT="${CAFFEINE_COMMIT:-ccef95542a9181182a60f5c6c33d2a0642c73574}"
CAFFEINE_JAVA_OPTS="${CAFFEINE_JAVA_OPTS:--Xmx4g}"

# Caffeine's policy | heaplab's spec (without frames) | why the counts differ, where they do (or -)
compared=(
  "linked.Lru|lru|-"
  "linked.Fifo|fifo|-"
  "linked.Clock|clock:variant=caffeine|-"
  "linked.Clock|clock|heaplab's CLOCK loads a page with its bit set, as the hardware sets it on the faulting access; Caffeine's at 0, linked behind the hand before it sweeps (variant=caffeine agrees)"
  "adaptive.Arc|arc:correlation=0|-"
  "adaptive.Car|car|-"
  "irr.Lirs|lirs:variant=caffeine|-"
  "irr.Lirs|lirs|the paper's Lhirs rounds down and its S is unbounded, and a repeated reference makes an HIR page LIR; Caffeine rounds up, keeps 2x the frames of non-resident entries, and leaves the page HIR (variant=caffeine agrees)"
  "linked.SegmentedLru|slru|-"
  "two-queue.TwoQueue|2q|-"
  "two-queue.S3Fifo|s3fifo:variant=caffeine|-"
  "two-queue.S3Fifo|s3fifo|the paper rounds the small FIFO's share up and keeps as many ghosts as the main FIFO holds pages; Caffeine truncates both shares (variant=caffeine agrees); they coincide where the frames are at most 10 or a multiple of 10"
  "linked.Sieve|sieve|-"
  "linked.Lfu|lfu|-"
  "opt.Clairvoyant|opt:variant=caffeine|-"
  "opt.Clairvoyant|opt|Caffeine's OPT may bypass: it evicts the farthest next use among the residents and the new page, so a page used farther ahead than all of them is never loaded; heaplab's is demand paging, MIN (variant=caffeine agrees)"
  "irr.ClockPro|clock-pro|Caffeine's ClockPro follows the authors' code, not the paper: a repeated reference is one hit that sets no bit, the cold target starts at its minimum, max(2, 1% of the frames), non-resident pages are kept to 2x the frames, and a promotion may be refused"
)

me="$(basename "$0")"
die() { echo "$me: $*" >&2; exit 2; }
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

mode=compare
case "${1:-}" in compare|run|build) mode="$1"; shift ;; esac
policies_arg="${POLICIES:-}"
trace_arg=""
while [ $# -gt 0 ]; do
  case "$1" in
    --traces) TRACES="$2"; shift 2 ;;
    --references) REFERENCES="$2"; shift 2 ;;
    --sizes) SIZES="$2"; shift 2 ;;
    --policies) policies_arg="$2"; shift 2 ;;
    --size) SIZE="$2"; shift 2 ;;
    --format) FORMAT="$2"; shift 2 ;;
    --work) WORK="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "$me: unknown argument $1" >&2; usage >&2; exit 2 ;;
    *) [ "$mode" = run ] && [ -z "$trace_arg" ] || { echo "$me: unexpected argument $1" >&2; usage >&2; exit 2; }
       trace_arg="$1"; shift ;;
  esac
done

[ "$mode" != run ] || [ -n "$trace_arg" ] || die "run wants a trace: $me run [--policies P,Q] [--size N] TRACE"
[ -z "$trace_arg" ] || [ -f "$trace_arg" ] || die "no trace $trace_arg"
positive='^[1-9][0-9]*$'
[[ "$SIZES" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die "--sizes wants positive whole numbers separated by commas, got '$SIZES'"
[[ "$SIZE" =~ $positive ]] || die "--size wants a positive whole number, got '$SIZE'"
[[ "$REFERENCES" =~ $positive ]] || die "--references wants a positive whole number, got '$REFERENCES'"
[[ "$TRACES" =~ ^(zipf|mix|f2c)(,(zipf|mix|f2c))*$ ]] || die "--traces wants zipf, mix, f2c or some of them separated by commas, got '$TRACES'"
command -v python3 >/dev/null 2>&1 || die "python3 is needed to read the reports; on Debian: apt-get install -y python3"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
pom="$root/benchmarks/peers/caffeine/pom.xml"
[ -f "$pom" ] || die "no $pom"
# a JDK 25 or newer, found as ./heaplab finds it (JAVA_HOME, then /usr/lib/jvm/*)
java="$(root="$root"; source "$root/scripts/launcher.sh"; find_java)" \
  || die "no JDK 25 or newer found (looked at JAVA_HOME and /usr/lib/jvm/*); install one there"
jdk="$(cd "$(dirname "$java")/.." && pwd)"
mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"
cf="$WORK/caffeine"
jar="$cf/build/caffeine-simulator.jar"
classpath="$jar:$cf/build/lib/*"

# ---- Caffeine's source: where from, and which version -------------------------------------------------------------
# shellcheck source=benchmarks/peers/peer-source.sh
source "$root/benchmarks/peers/peer-source.sh"
peer_source Caffeine CAFFEINE_SRC "${CAFFEINE_SRC:-}" "$CAFFEINE_URL" "$CAFFEINE_COMMIT" simulator/src/main/java
# the build is redone when the source, the pom or this script's patch changes
patch_version=1
build_id="$source_id; pom $(cksum < "$pom" | cut -d' ' -f1); patch $patch_version"

# what the build reads (the pom carries the simulator's build file's dependencies at its catalogue's versions)
build_paths=(simulator/src/main/java simulator/src/main/resources/reference.conf)

# Every object one entry of weight 1, and no WEIGHTED characteristic, so that every policy runs (see the header).
unweight_oracle_reader() {
  local reader="$1/simulator/src/main/java/com/github/benmanes/caffeine/cache/simulator/parser/libcachesim/oracle/OracleGeneralTraceReader.java"
  [ -f "$reader" ] || die "no $reader in Caffeine's source"
  grep -q '^    return Set\.of(WEIGHTED);$' "$reader" \
    && grep -q '^    return AccessEvent\.forKeyAndWeight(objId, Math\.max(Ints\.saturatedCast(objSize), 1));$' "$reader" \
    || die "cannot give the oracleGeneral reader unit weights: $reader is not as at commit ${CAFFEINE_COMMIT:0:7}"
  sed -i -e 's/^    return Set\.of(WEIGHTED);$/    return Set.of();/' \
    -e 's/^    return AccessEvent\.forKeyAndWeight(objId, Math\.max(Ints\.saturatedCast(objSize), 1));$/    return AccessEvent.forKey(objId);/' \
    "$reader"
}

build_simulator() {
  command -v mvn >/dev/null 2>&1 || die "Maven (mvn) is needed to build Caffeine's simulator; on Debian: apt-get install -y maven"
  rm -rf "$cf"
  peer_copy Caffeine "$CAFFEINE_URL" "$cf/src" "${build_paths[@]}"
  [ -f "$cf/src/simulator/src/main/java/com/github/benmanes/caffeine/cache/simulator/Simulator.java" ] \
    && [ -f "$cf/src/simulator/src/main/resources/reference.conf" ] \
    || die "Caffeine's source from $source_id lacks the simulator (simulator/src/main/java, its reference.conf)"
  unweight_oracle_reader "$cf/src"
  echo "$me: building Caffeine's simulator with Maven in $cf/build (JDK $jdk)" >&2
  if ! JAVA_HOME="$jdk" mvn -B -ntp -f "$pom" -Dcaffeine.src="$cf/src" -Dcaffeine.build="$cf/build" package \
      >"$cf/build.log" 2>&1; then
    grep -E '^\[ERROR\]' "$cf/build.log" | head -n 20 >&2
    die "building the simulator failed (all of it in $cf/build.log)"
  fi
  [ -f "$jar" ] && [ -d "$cf/build/lib" ] || die "the build made no $jar and $cf/build/lib"
  echo "$build_id" > "$cf/source"
}

ensure_simulator() {
  if [ -f "$jar" ] && [ "$(cat "$cf/source" 2>/dev/null)" = "$build_id" ]; then
    echo "$me: Caffeine's simulator already built from ${source_id}: $jar" >&2
  else
    build_simulator
  fi
}

# simulate TRACE SIZE POLICY...: runs the simulator, prints policy,maximum_size,hits,misses,requests per policy
simulate() {
  local trace="$1" size="$2" conf out report list
  shift 2
  [ -f "$trace" ] || die "no trace $trace"
  conf="$(mktemp "$cf/run.XXXXXX")"
  out="$conf.out"
  report="$conf.csv"
  list="$(printf '"%s", ' "$@")"
  # admission Always: no TinyLFU filter in front of the policies; report.output: a file, parsed below
  cat > "$conf" <<EOF
caffeine.simulator {
  report { format = csv, output = "$report", sort-by = policy }
  maximum-size = $size
  admission = [ Always ]
  policies = [ ${list%, } ]
  trace { source = files, skip = 0, limit = null }
  files { paths = [ "$trace" ], format = $FORMAT }
}
EOF
  local opts=()
  read -r -a opts <<< "$CAFFEINE_JAVA_OPTS"
  if ! (cd "$cf" && "$java" --enable-native-access=ALL-UNNAMED "${opts[@]}" -Dconfig.file="$conf" -cp "$classpath" \
      com.github.benmanes.caffeine.cache.simulator.Simulator >"$out" 2>&1) || [ ! -s "$report" ]; then
    unknown="$(sed -n 's/.*NullPointerException: \(.*\) not found$/\1/p' "$out" | head -n 1)"
    [ -z "$unknown" ] || die "Caffeine's simulator has no policy '$unknown' (reference.conf in $cf/src/simulator lists them)"
    grep -v '^WARNING' "$out" | tail -n 20 >&2
    die "Caffeine's simulator failed on $trace (its configuration: $conf)"
  fi
  python3 - "$report" "$size" "$@" <<'EOF' || die "Caffeine's report $report lacks a policy asked for (see above)"
import csv, sys
report, size, asked = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = {r["Policy"].lower(): r for r in csv.DictReader(open(report))}
missing = [p for p in asked if p.lower() not in rows]
for p in asked:
    if p.lower() in rows:
        r = rows[p.lower()]
        print(f'{r["Policy"]},{size},{r["Hits"]},{r["Misses"]},{r["Requests"]}')
if missing:
    print("Caffeine ran no " + ", ".join(missing) + " (unknown, or skipped for this trace's characteristics)",
          file=sys.stderr)
    sys.exit(1)
EOF
  rm -f "$conf" "$out" "$report"
}

ensure_simulator

case "$mode" in
  build)
    echo "$classpath"
    exit 0 ;;
  run)
    trace="$(cd "$(dirname "$trace_arg")" && pwd)/$(basename "$trace_arg")"
    if [ -n "$policies_arg" ]; then
      IFS=, read -r -a asked <<< "$policies_arg"
    else
      asked=()
      for c in "${compared[@]}"; do asked+=("${c%%|*}"); done
    fi
    counts="$(simulate "$trace" "$SIZE" "${asked[@]}")"
    echo "policy,maximum_size,hits,misses,requests"
    echo "$counts"
    exit 0 ;;
esac

# ---- compare: the traces, made by heaplab ---------------------------------------------------------------------------
cd "$root"
run() { echo "+ $*" >&2; "$@" >&2; }
./heaplab --version >/dev/null
listed="$(./heaplab list)" || die "heaplab list failed"
IFS=, read -r -a traces <<< "$TRACES"
IFS=, read -r -a sizes <<< "$SIZES"
for t in "${traces[@]}"; do
  case "$t" in
    zipf) run ./heaplab trace generate "zipf:pages=100000,skew=0.9" -n "$REFERENCES" --seed 1 -o "$WORK/caffeine-$t.hlt" ;;
    mix) run ./heaplab trace generate "mix:pages=100000,skew=0.9,scan=0.3" -n "$REFERENCES" --seed 1 -o "$WORK/caffeine-$t.hlt" ;;
    f2c) run ./heaplab trace convert system/src/main/resources/io/heaplab/system/prototypes/f2c.hlt "$WORK/caffeine-$t.hlt" ;;
  esac
  run ./heaplab trace convert "$WORK/caffeine-$t.hlt" "$WORK/caffeine-$t.oracleGeneral.zst" --to oracle-general
done

# the policies heaplab lists; the others are shown with Caffeine's counts alone
rows=()
for c in "${compared[@]}"; do
  IFS='|' read -r _ spec _ <<< "$c"
  name="${spec%%:*}"
  grep -q "^ *$name " <<< "$listed" && rows+=("$c")
done

printf '%-22s %-40s %-5s %7s %12s %12s  %s\n' caffeine heaplab trace size caffeine heaplab equal
differences=0
for t in "${traces[@]}"; do
  # the program touches 176 pages: sizes that make it fault beyond its first touches, as policies.sh
  if [ "$t" = f2c ]; then sizes=(20 40 100); else IFS=, read -r -a sizes <<< "$SIZES"; fi
  specs=()
  for c in "${rows[@]}"; do
    IFS='|' read -r _ spec _ <<< "$c"
    for s in "${sizes[@]}"; do
      case "$spec" in *:*) specs+=(-p "$spec,frames=$s") ;; *) specs+=(-p "$spec:frames=$s") ;; esac
    done
  done
  run ./heaplab trace replay "$WORK/caffeine-$t.hlt" "${specs[@]}" --json "$WORK/caffeine-$t.heaplab.json"
  refs="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["references"])' "$WORK/caffeine-$t.heaplab.json")"
  all=()
  for c in "${compared[@]}"; do
    [[ " ${all[*]} " == *" ${c%%|*} "* ]] || all+=("${c%%|*}") # a policy compared twice runs once
  done
  for s in "${sizes[@]}"; do
    echo "+ Caffeine's simulator on $WORK/caffeine-$t.oracleGeneral.zst at $s entries" >&2
    simulate "$WORK/caffeine-$t.oracleGeneral.zst" "$s" "${all[@]}" > "$WORK/caffeine-$t.$s.csv"
  done
  for c in "${compared[@]}"; do
    IFS='|' read -r policy spec why <<< "$c"
    listed_here=no
    for r in "${rows[@]}"; do [ "$r" = "$c" ] && listed_here=yes; done
    for s in "${sizes[@]}"; do
      line="$(grep -i "^$policy,$s," "$WORK/caffeine-$t.$s.csv" || true)"
      [ -n "$line" ] || die "Caffeine's report $WORK/caffeine-$t.$s.csv has no $policy at $s"
      IFS=, read -r _ _ _ theirs requests <<< "$line"
      [ "$requests" = "$refs" ] || echo "$me: $policy at $s on $t: Caffeine counted $requests requests, heaplab $refs references" >&2
      if [ "$listed_here" = no ]; then
        printf '%-22s %-40s %-5s %7s %12s %12s  %s\n' "$policy" "($spec: not in this heaplab)" "$t" "$s" "$theirs" - -
        continue
      fi
      case "$spec" in *:*) key="$spec,frames=$s" ;; *) key="$spec:frames=$s" ;; esac
      ours="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["faults"][sys.argv[2]])' \
        "$WORK/caffeine-$t.heaplab.json" "$key")"
      equal=yes
      if [ "$requests" != "$refs" ]; then # the tools read different traces: no explanation covers that
        equal="NO: $requests requests against $refs references"; differences=$((differences + 1))
      elif [ "$ours" != "$theirs" ]; then
        if [ "$why" = - ]; then equal=NO; differences=$((differences + 1)); else equal="no: $why"; fi
      fi
      printf '%-22s %-40s %-5s %7s %12s %12s  %s\n' "$policy" "$key" "$t" "$s" "$theirs" "$ours" "$equal"
    done
  done
done
echo "outputs: $WORK/caffeine-*.csv (Caffeine) and $WORK/caffeine-*.heaplab.json (heaplab)"
if [ "$differences" -gt 0 ]; then
  echo "$me: $differences counts differ without an explanation" >&2
  exit 1
fi
