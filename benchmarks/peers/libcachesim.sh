#!/usr/bin/env bash
# Compares heaplab with libCacheSim on one oracleGeneral trace: a Zipf trace that heaplab generates and converts,
# every reference counted, cache sizes counted in objects, no warm-up. Whole processes, each timed (the median of
# --repeat paired runs), with a note when other processes took a share of the machine meanwhile:
#   - four LRU sizes: heaplab's `trace replay` against libCacheSim's `cachesim`, miss counts side by side;
#   - the whole exact LRU curve: heaplab's `curve -p lru:frames=all` against cachesim simulating ONE size
#     (--one-size), and against libCacheSim's own exact profiler (profiler/profilerLRU.c, a splay tree of reuse
#     distances, every size in one pass; run by lru-profile.c, built against the same libCacheSim);
#   - the sampled curve: heaplab's `lru:frames=all,sample=R` (SHARDS at a fixed rate), its mean absolute error in
#     miss ratio against the exact curve and its speed against it. The pinned libCacheSim has no SHARDS profiler.
# Exits 1 if a heaplab count differs from cachesim's, 2 if something needed is missing. The profiler's counts are
# shown beside them, not checked: at the pin it counts one miss too many from about 410,000 objects up on the
# default trace (cachesim and heaplab agree there).
#
# Needs: what ./heaplab needs (a JDK 25 and Maven), python3, and to build cachesim: git, cmake, make, a C and
# C++ compiler, pkg-config, glib 2 and zstd headers (Debian: cmake build-essential pkg-config libglib2.0-dev
# libzstd-dev git; libgoogle-perftools-dev is optional, cachesim links tcmalloc when it is there).
# libCacheSim's source is $LIBCACHESIM_SRC (a source directory or a git repository, bare or not), else a clone of
# https://github.com/1a1a11a/libCacheSim at commit $LIBCACHESIM_COMMIT (default aa0fc40).
#
# cachesim prints miss ratios to 4 decimals only, too coarse to compare counts over millions of references, so the
# build adds the exact miss count it already holds (result[i].n_miss) to the end of its result line; nothing else
# in libCacheSim is changed.
#
# Usage: benchmarks/peers/libcachesim.sh [--pages P] [--skew S] [--references N] [--seed S]
#                                         [--sizes A,B,C,D] [--one-size S] [--sample R] [--repeat K]
#                                         [--threads T] [--work DIR]
# The same settings as environment variables: PAGES (1000000), SKEW (0.99), REFERENCES (10000000), SEED (1),
# SIZES (1000,10000,100000,500000), ONE_SIZE (100000), SAMPLE (0.01), REPEAT (1), THREADS (the number of
# processors), WORK (${TMPDIR:-/tmp}/heaplab-peers). The trace is kept in WORK and made again only when the
# settings change.
set -euo pipefail

PAGES="${PAGES:-1000000}"
SKEW="${SKEW:-0.99}"
REFERENCES="${REFERENCES:-10000000}"
SEED="${SEED:-1}"
SIZES="${SIZES:-1000,10000,100000,500000}"
ONE_SIZE="${ONE_SIZE:-100000}"
SAMPLE="${SAMPLE:-0.01}"
REPEAT="${REPEAT:-1}"
THREADS="${THREADS:-$(nproc 2>/dev/null || echo 2)}"
WORK="${WORK:-${TMPDIR:-/tmp}/heaplab-peers}"
LIBCACHESIM_URL="https://github.com/1a1a11a/libCacheSim"
LIBCACHESIM_COMMIT="${LIBCACHESIM_COMMIT:-aa0fc40914b2b786f4b9f4dafb099f8f332b216a}"

me="$(basename "$0")"
die() { echo "$me: $*" >&2; exit 2; }
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
  case "$1" in
    --pages) PAGES="$2"; shift 2 ;;
    --skew) SKEW="$2"; shift 2 ;;
    --references) REFERENCES="$2"; shift 2 ;;
    --seed) SEED="$2"; shift 2 ;;
    --sizes) SIZES="$2"; shift 2 ;;
    --one-size) ONE_SIZE="$2"; shift 2 ;;
    --sample) SAMPLE="$2"; shift 2 ;;
    --repeat) REPEAT="$2"; shift 2 ;;
    --threads) THREADS="$2"; shift 2 ;;
    --work) WORK="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "$me: unknown argument $1" >&2; usage >&2; exit 2 ;;
  esac
done

[[ "$SIZES" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die "--sizes wants positive whole numbers separated by commas, got '$SIZES'"
[[ "$THREADS" =~ ^[1-9][0-9]*$ ]] || die "--threads wants a positive whole number, got '$THREADS'"
[[ "$ONE_SIZE" =~ ^[1-9][0-9]*$ ]] || die "--one-size wants a positive whole number, got '$ONE_SIZE'"
[[ "$REPEAT" =~ ^[1-9][0-9]*$ ]] || die "--repeat wants a positive whole number, got '$REPEAT'"
[[ "$SAMPLE" =~ ^0?\.[0-9]*[1-9][0-9]*$ ]] || die "--sample wants a share of the pages between 0 and 1, got '$SAMPLE'"
IFS=, read -r -a sizes <<< "$SIZES"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"
lcs="$WORK/libCacheSim"
cachesim="$lcs/build/bin/cachesim"

command -v python3 >/dev/null 2>&1 || die "python3 is needed to read heaplab's JSON; on Debian: apt-get install -y python3"
json_get() {
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d=d[sys.argv[2]] if sys.argv[2] else d; print(d[sys.argv[3]])' "$1" "$2" "$3"
}
# shellcheck source=benchmarks/peers/cachesim-build.sh
source "$root/benchmarks/peers/cachesim-build.sh"
ensure_cachesim
ensure_lru_profile

# ---- the trace, made by heaplab ----------------------------------------------------------------------------------
cd "$root"
hlt="$WORK/zipf.hlt"
trace="$WORK/zipf.oracleGeneral.zst"
run() { echo "+ $*" >&2; "$@"; }
made="zipf:pages=$PAGES,skew=$SKEW -n $REFERENCES --seed $SEED"
if [ -f "$trace" ] && [ "$(cat "$trace.made" 2>/dev/null)" = "$made" ]; then
  echo "$me: the trace is made already: $trace" >&2
else
  rm -f "$trace.made"
  run ./heaplab trace generate "zipf:pages=$PAGES,skew=$SKEW" -n "$REFERENCES" --seed "$SEED" -o "$hlt"
  run ./heaplab trace convert "$hlt" "$trace" --to oracle-general
  rm -f "$hlt"
  echo "$made" > "$trace.made"
fi

# ---- both replays, each whole process timed ----------------------------------------------------------------------
# the launcher rebuilds heaplab's jar when a source is newer than it: do that now, not inside the timed run
./heaplab --version >/dev/null

TIMEFORMAT='%R %U %S'
cores="$(nproc 2>/dev/null || echo 1)"
# CPU seconds the whole machine has been busy (every process), from /proc/stat; nothing where there is none
machine_busy() {
  [ -r /proc/stat ] || return 0
  awk -v hz="$(getconf CLK_TCK 2>/dev/null || echo 100)" '/^cpu /{printf "%.2f\n", ($2+$3+$4+$7+$8)/hz; exit}' /proc/stat
}
# timed NAME DIR COMMAND...: runs COMMAND in DIR, its output to $WORK/NAME.out and NAME.err, and sets time_wall,
# time_cpu (user + system seconds of the command and its children) and time_others (the CPU seconds the rest of
# the machine used meanwhile, "?" where /proc/stat is missing)
timed() {
  local name="$1" dir="$2" before after user sys
  shift 2
  echo "+ (cd $dir && $*)" >&2
  before="$(machine_busy)"
  if ! (cd "$dir" && { time "$@" >"$WORK/$name.out" 2>"$WORK/$name.err"; } 2>"$WORK/$name.time"); then
    cat "$WORK/$name.out" "$WORK/$name.err" >&2
    die "$name failed"
  fi
  after="$(machine_busy)"
  read -r time_wall user sys < <(tail -n 1 "$WORK/$name.time")
  time_cpu="$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')"
  time_others="?"
  if [ -n "$before" ] && [ -n "$after" ]; then
    time_others="$(awk -v b="$before" -v a="$after" -v c="$time_cpu" 'BEGIN { o = a - b - c; printf "%.1f", o < 0 ? 0 : o }')"
  fi
}
# a note when other processes took more than 5% of the machine (and over a CPU second) during a timed run
contention_note() {
  [ "$3" != "?" ] || return 0
  if awk -v o="$3" -v w="$2" -v n="$cores" 'BEGIN { exit !(o > 1 && o > 0.05 * w * n) }'; then
    printf '  note: other processes used %s CPU seconds while %s ran (%s s on %s cores): its time is not clean\n' \
      "$3" "$1" "$2" "$cores"
  fi
}

# the whole process of each, REPEAT times in turn; walls[NAME] collects their wall times, cpus[NAME] their CPU
declare -A walls cpus
measure() {
  local name="$1"
  shift
  timed "$name" "$@"
  walls[$name]+="$time_wall "
  cpus[$name]+="$time_cpu "
  contention_note "$name" "$time_wall" "$time_others"
}
median() { tr ' ' '\n' <<< "$1" | sed '/^$/d' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
# "heaplab Nx faster" when the peer's time $1 is the longer, else "heaplab Nx slower"
versus() { awk -v a="$1" -v b="$2" 'BEGIN { if (a >= b) printf "heaplab %.1fx faster", a / b; else printf "heaplab %.1fx slower", b / a }'; }

rm -f "$WORK/heaplab.json"
for ((r = 1; r <= REPEAT; r++)); do
  echo "$me: round $r of $REPEAT" >&2
  measure heaplab "$root" ./heaplab trace replay "$trace" -p "lru:frames=$SIZES" --threads "$THREADS" --json "$WORK/heaplab.json"
  # no --warmup-sec: cachesim's default (-1) warms up on nothing, so every request counts, as in heaplab's replay.
  # cachesim writes result/<trace name> under its working directory, so it runs in $WORK.
  measure cachesim "$WORK" "$cachesim" "$trace" oracleGeneral lru "$SIZES" --ignore-obj-size 1 --num-thread "$THREADS"
  measure curve "$root" ./heaplab curve "$trace" -p lru:frames=all -o "$WORK/curve"
  measure one "$WORK" "$cachesim" "$trace" oracleGeneral lru "$ONE_SIZE" --ignore-obj-size 1 --num-thread 1
  if [ -z "${distinct:-}" ]; then
    distinct="$(json_get "$WORK/heaplab.json" "" distinctPages)"
  fi
  # the profiler's curve must reach the largest size asked for, beyond the trace's objects if need be
  most="$(printf '%s\n' "$distinct" "${sizes[@]}" | sort -n | tail -n 1)"
  measure profiler "$WORK" "$lru_profile" "$trace" "$most" "${sizes[@]}"
  # every point of the sampled curve (one every 1/R frames, a few thousand): its error is the mean over them,
  # sizes evenly spaced, as SHARDS reports it
  measure sampled "$root" ./heaplab curve "$trace" -p "lru:frames=all,sample=$SAMPLE" --all-sizes -o "$WORK/sampled"
done
if grep -q 'building the command' "$WORK"/heaplab.err "$WORK"/curve.err "$WORK"/sampled.err; then
  echo "$me: note: heaplab rebuilt its jar during a timed run; its time includes that build" >&2
fi
# every size of the exact curve, untimed, for the counts at the four sizes and the sampled curve's error; over 2 M
# sizes its files would run to gigabytes, and the timed run's points serve (the sizes that are among them)
every="$WORK/curve/curves.json"
if [ "$distinct" -le 2000000 ]; then
  echo "+ ./heaplab curve $trace -p lru:frames=all --all-sizes -o $WORK/every" >&2
  ./heaplab curve "$trace" -p lru:frames=all --all-sizes -o "$WORK/every" >/dev/null
  every="$WORK/every/curves.json"
fi

# ---- the tables --------------------------------------------------------------------------------------------------
heaplab_refs="$(json_get "$WORK/heaplab.json" "" references)"
# the exact curve's faults at a size, "-" when the file written has no point there
curve_at() {
  python3 - "$every" "$1" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))["streams"][0]["curves"][0]
size, sizes = int(sys.argv[2]), c["sizes"]
size = min(size, sizes[-1])
print(c["faults"][sizes.index(size)] if size in sizes else "-")
PY
}
differ=0
printf '\n%-10s %15s %15s %15s %15s %6s\n' size "heaplab replay" "heaplab curve" "cachesim" "lcs profiler" equal
for s in "${sizes[@]}"; do
  h="$(json_get "$WORK/heaplab.json" faults "lru:frames=$s")"
  k="$(curve_at "$s")"
  # cachesim's line: "result/NAME  LRU cache size     1000, 10000000 req, miss ratio 0.3364, byte miss ratio 0.3364, 3364121 misses"
  line="$(grep -E "[[:space:]]LRU cache size +$s, " "$WORK/cachesim.out" | head -n 1 || true)"
  c="$(sed -n 's/.*, \([0-9][0-9]*\) misses$/\1/p' <<< "$line")"
  n="$(sed -n 's/.* \([0-9][0-9]*\) req, .*/\1/p' <<< "$line")"
  p="$(awk -v s="$s" '$1 == s { print $2 }' "$WORK/profiler.out")"
  [ -n "$c" ] || c="-"
  [ -n "$p" ] || p="-"
  eq=no
  if [ "$h" = "$c" ] && { [ "$k" = "$c" ] || [ "$k" = - ]; } && [ "$n" = "$heaplab_refs" ]; then eq=yes; else differ=1; fi
  if [ -n "$n" ] && [ "$n" != "$heaplab_refs" ]; then
    echo "$me: size $s: cachesim counted $n requests, heaplab $heaplab_refs references" >&2
  fi
  printf '%-10s %15s %15s %15s %15s %6s\n' "$s" "$h" "$k" "$c" "$p" "$eq"
done
# the mean absolute error in miss ratio over the sampled curve's points, against the exact curve at the same sizes
mae="$(python3 - "$every" "$WORK/sampled/curves.json" <<'PY'
import json, sys
exact = json.load(open(sys.argv[1]))["streams"][0]["curves"][0]
sampled = json.load(open(sys.argv[2]))["streams"][0]["curves"][0]
at = dict(zip(exact["sizes"], exact["missRatio"]))
last = exact["sizes"][-1]
errors = [abs(m - at[min(s, last)]) for s, m in zip(sampled["sizes"], sampled["missRatio"]) if min(s, last) in at]
print("%.5f %d" % (sum(errors) / len(errors), len(errors)) if len(errors) == len(sampled["sizes"]) else "- 0")
PY
)"
read -r mae_value mae_points <<< "$mae"

for name in heaplab cachesim curve one profiler sampled; do
  printf -v "wall_$name" '%s' "$(median "${walls[$name]}")"
  printf -v "cpu_$name" '%s' "$(median "${cpus[$name]}")"
done
printf '\nwhole process, median of %d run(s) each, wall seconds (CPU = user + system); %s references, %s objects:\n' \
  "$REPEAT" "$heaplab_refs" "$distinct"
printf '  four sizes (%s), %d threads each:\n' "$SIZES" "$THREADS"
printf '    heaplab trace replay   %8s s wall %8s s CPU\n' "$wall_heaplab" "$cpu_heaplab"
printf '    cachesim               %8s s wall %8s s CPU   -> %s\n' "$wall_cachesim" "$cpu_cachesim" \
  "$(versus "$wall_cachesim" "$wall_heaplab")"
printf '  the whole exact LRU curve (%s sizes):\n' "$distinct"
printf '    heaplab curve          %8s s wall %8s s CPU\n' "$wall_curve" "$cpu_curve"
printf '    cachesim, ONE size     %8s s wall %8s s CPU   -> %s (LRU at %s, one thread)\n' \
  "$wall_one" "$cpu_one" "$(versus "$wall_one" "$wall_curve")" "$ONE_SIZE"
printf '    libCacheSim profiler   %8s s wall %8s s CPU   -> %s (every size, one pass)\n' \
  "$wall_profiler" "$cpu_profiler" "$(versus "$wall_profiler" "$wall_curve")"
printf '  the sampled curve, lru:frames=all,sample=%s:\n' "$SAMPLE"
printf '    heaplab curve          %8s s wall %8s s CPU   -> %sx the exact curve'"'"'s speed; mean absolute error %s over %s points\n' \
  "$wall_sampled" "$cpu_sampled" "$(ratio "$wall_curve" "$wall_sampled")" "$mae_value" "$mae_points"
[ "$mae_value" != - ] || echo "    (no error: over 2,000,000 sizes the exact curve is not written at every size)"
echo "(heaplab's times include the JVM's start and the trace's decompression; cachesim's main thread checks for the end every 2 s: up to 2 s of its time is that wait; the profiler reads the trace twice, once to count it)"
echo "outputs: $WORK/heaplab.json $WORK/curve $WORK/sampled $every $WORK/cachesim.out $WORK/one.out $WORK/profiler.out"

if [ "$differ" -ne 0 ]; then
  echo "$me: the miss counts differ" >&2
  exit 1
fi
