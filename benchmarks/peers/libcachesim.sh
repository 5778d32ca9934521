#!/usr/bin/env bash
# Compares heaplab's `trace replay` with libCacheSim's `cachesim` on one oracleGeneral trace: a Zipf trace that
# heaplab generates and converts, replayed by both under LRU at the same cache sizes (counted in objects, every
# reference counted, no warm-up). Prints each size's miss counts from both tools and each tool's whole-process wall
# and CPU time (with a note when other processes took a share of the machine meanwhile); exits 1 if any miss count
# differs, 2 if something needed is missing.
#
# Needs: what ./heaplab needs (a JDK 25 and Maven), jq or python3, and to build cachesim: git, cmake, make, a C and
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
#                                         [--sizes A,B,C,D] [--threads T] [--work DIR]
# The same settings as environment variables: PAGES (1000000), SKEW (0.99), REFERENCES (10000000), SEED (1),
# SIZES (1000,10000,100000,500000), THREADS (the number of processors), WORK (${TMPDIR:-/tmp}/heaplab-peers).
set -euo pipefail

PAGES="${PAGES:-1000000}"
SKEW="${SKEW:-0.99}"
REFERENCES="${REFERENCES:-10000000}"
SEED="${SEED:-1}"
SIZES="${SIZES:-1000,10000,100000,500000}"
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
    --threads) THREADS="$2"; shift 2 ;;
    --work) WORK="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "$me: unknown argument $1" >&2; usage >&2; exit 2 ;;
  esac
done

[[ "$SIZES" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die "--sizes wants positive whole numbers separated by commas, got '$SIZES'"
[[ "$THREADS" =~ ^[1-9][0-9]*$ ]] || die "--threads wants a positive whole number, got '$THREADS'"
IFS=, read -r -a sizes <<< "$SIZES"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"
lcs="$WORK/libCacheSim"
cachesim="$lcs/build/bin/cachesim"

if command -v jq >/dev/null 2>&1; then
  json_get() { jq -r --arg k "$2" --arg f "$3" 'if $k == "" then .[$f] else .[$k][$f] end' "$1"; }
elif command -v python3 >/dev/null 2>&1; then
  json_get() {
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d=d[sys.argv[2]] if sys.argv[2] else d; print(d[sys.argv[3]])' "$1" "$2" "$3"
  }
else
  die "jq or python3 is needed to read heaplab's JSON; on Debian: apt-get install -y jq"
fi

# shellcheck source=benchmarks/peers/cachesim-build.sh
source "$root/benchmarks/peers/cachesim-build.sh"
ensure_cachesim

# ---- the trace, made by heaplab ----------------------------------------------------------------------------------
cd "$root"
hlt="$WORK/zipf.hlt"
trace="$WORK/zipf.oracleGeneral.zst"
run() { echo "+ $*" >&2; "$@"; }
run ./heaplab trace generate "zipf:pages=$PAGES,skew=$SKEW" -n "$REFERENCES" --seed "$SEED" -o "$hlt"
run ./heaplab trace convert "$hlt" "$trace" --to oracle-general

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

rm -f "$WORK/heaplab.json"
timed heaplab "$root" ./heaplab trace replay "$trace" -p "lru:frames=$SIZES" --threads "$THREADS" --json "$WORK/heaplab.json"
heaplab_wall="$time_wall" heaplab_cpu="$time_cpu" heaplab_others="$time_others"
if grep -q 'building the command' "$WORK/heaplab.err"; then
  echo "$me: note: heaplab rebuilt its jar during the timed replay; its time includes that build" >&2
fi

# no --warmup-sec: cachesim's default (-1) warms up on nothing, so every request counts, as in heaplab's replay.
# cachesim writes result/<trace name> under its working directory, so it runs in $WORK.
timed cachesim "$WORK" "$cachesim" "$trace" oracleGeneral lru "$SIZES" --ignore-obj-size 1 --num-thread "$THREADS"
cachesim_wall="$time_wall" cachesim_cpu="$time_cpu" cachesim_others="$time_others"

# ---- the table ---------------------------------------------------------------------------------------------------
heaplab_refs="$(json_get "$WORK/heaplab.json" "" references)"
differ=0
printf '\n%-10s %15s %15s %6s\n' size "heaplab misses" "cachesim misses" equal
for s in "${sizes[@]}"; do
  h="$(json_get "$WORK/heaplab.json" faults "lru:frames=$s")"
  # cachesim's line: "result/NAME  LRU cache size     1000, 10000000 req, miss ratio 0.3364, byte miss ratio 0.3364, 3364121 misses"
  line="$(grep -E "[[:space:]]LRU cache size +$s, " "$WORK/cachesim.out" | head -n 1 || true)"
  c="$(sed -n 's/.*, \([0-9][0-9]*\) misses$/\1/p' <<< "$line")"
  n="$(sed -n 's/.* \([0-9][0-9]*\) req, .*/\1/p' <<< "$line")"
  [ -n "$c" ] || c="-"
  eq=no
  if [ "$h" = "$c" ] && [ "$n" = "$heaplab_refs" ]; then eq=yes; else differ=1; fi
  if [ -n "$n" ] && [ "$n" != "$heaplab_refs" ]; then
    echo "$me: size $s: cachesim counted $n requests, heaplab $heaplab_refs references" >&2
  fi
  printf '%-10s %15s %15s %6s\n' "$s" "$h" "$c" "$eq"
done
printf '\nwhole process, %d sizes at once, %d threads each; CPU is user + system:\n' "${#sizes[@]}" "$THREADS"
printf '  heaplab   %8s s wall %8s s CPU   (%s references; JVM start and trace decompression included)\n' \
  "$heaplab_wall" "$heaplab_cpu" "$heaplab_refs"
contention_note heaplab "$heaplab_wall" "$heaplab_others"
printf '  cachesim  %8s s wall %8s s CPU   (its main thread checks for the end every 2 s: up to 2 s of it is that wait)\n' \
  "$cachesim_wall" "$cachesim_cpu"
contention_note cachesim "$cachesim_wall" "$cachesim_others"
echo "outputs: $WORK/heaplab.json $WORK/heaplab.out $WORK/cachesim.out"

if [ "$differ" -ne 0 ]; then
  echo "$me: the miss counts differ" >&2
  exit 1
fi
