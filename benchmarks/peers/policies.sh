#!/usr/bin/env bash
# Cross-checks heaplab's replacement policies against libCacheSim's: every policy both implement, replayed by both
# tools over the same traces at the same cache sizes (in objects, every reference counted, no warm-up), their exact
# miss counts side by side. Three traces: a Zipf trace, a scan-heavy mixture and a real program's references (the
# shipped f2c prototype), each written by heaplab and converted to libCacheSim's oracleGeneral format. Exits 1 when
# a count differs and the table below does not explain the difference, 2 when something needed is missing.
#
# A policy is compared in the variant that follows libCacheSim where libCacheSim departs from the policy's paper
# (`variant=libcachesim`; docs/catalogue.md says what differs), and in its default, the paper's algorithm, too: where
# that differs from libCacheSim the count differs, and the row says why (the `explained` table below). The table
# holds, per heaplab spec, the algorithm and parameters cachesim is given. Policies the pinned libCacheSim lacks
# (CAR, CLOCK-Pro, LRU-K: its LRU_K.cpp is empty at the pin; MGLRU, the Linux two lists, WS, VMIN, PFF, WSCLOCK) are
# named at the end, those this heaplab lists.
#
# Needs what benchmarks/peers/libcachesim.sh needs (it shares its build of cachesim, benchmarks/peers/cachesim-build.sh).
#
# Usage: benchmarks/peers/policies.sh [--references N] [--sizes A,B,C] [--work DIR]
# The same settings as environment variables: REFERENCES (1000000), SIZES (100,1000,10000; the program's trace,
# of 176 pages, is replayed at 20,40,100 instead), WORK (${TMPDIR:-/tmp}/heaplab-peers).
set -euo pipefail

REFERENCES="${REFERENCES:-1000000}"
SIZES="${SIZES:-100,1000,10000}"
WORK="${WORK:-${TMPDIR:-/tmp}/heaplab-peers}"
LIBCACHESIM_URL="https://github.com/1a1a11a/libCacheSim"
LIBCACHESIM_COMMIT="${LIBCACHESIM_COMMIT:-aa0fc40914b2b786f4b9f4dafb099f8f332b216a}"

me="$(basename "$0")"
die() { echo "$me: $*" >&2; exit 2; }
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
  case "$1" in
    --references) REFERENCES="$2"; shift 2 ;;
    --sizes) SIZES="$2"; shift 2 ;;
    --work) WORK="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "$me: unknown argument $1" >&2; usage >&2; exit 2 ;;
  esac
done
[[ "$SIZES" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die "--sizes wants positive whole numbers separated by commas, got '$SIZES'"
[[ "$REFERENCES" =~ ^[1-9][0-9]*$ ]] || die "--references wants a positive whole number, got '$REFERENCES'"
IFS=, read -r -a sizes <<< "$SIZES"
command -v python3 >/dev/null 2>&1 || die "python3 is needed to read heaplab's JSON; on Debian: apt-get install -y python3"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"
lcs="$WORK/libCacheSim"
cachesim="$lcs/build/bin/cachesim"
# shellcheck source=benchmarks/peers/cachesim-build.sh
source "$root/benchmarks/peers/cachesim-build.sh"
ensure_cachesim

# heaplab spec (without frames) | cachesim algorithm | cachesim -e parameters (or -)
policies=(
  "lru|lru|-"
  "fifo|fifo|-"
  "clock:variant=libcachesim|clock|-"
  "clock:bits=2,variant=libcachesim|clock|n-bit-counter=2"
  "arc:correlation=0,variant=libcachesim|arc|-"
)
# extra policies a build of heaplab may carry: compared when heaplab lists them
listed="$(cd "$root" && ./heaplab list)" || die "heaplab list failed"
for extra in "sieve|sieve|-" "s3fifo:variant=libcachesim|s3fifo|-" "slru:variant=libcachesim|slru|-" \
    "lfu|lfu|-" "2q|2q|-" "lirs:variant=libcachesim|lirs|-" \
    "clock|clock|-" "clock:bits=2|clock|n-bit-counter=2" "arc:correlation=0|arc|-" "s3fifo|s3fifo|-" \
    "slru|slru|-" "lirs|lirs|-"; do
  name="${extra%%|*}"; name="${name%%:*}"
  if grep -q "^ *$name " <<< "$listed"; then policies+=("$extra"); fi
done
# differences the docs explain, on every trace: "spec|why"
explained=(
  "clock|heaplab loads a page with its bit set, as the hardware sets it on the faulting access; libCacheSim with it clear"
  "clock:bits=2|heaplab loads a page with its counter at 1, libCacheSim at 0"
  "arc:correlation=0|the paper's target moves by whole-page integer ratios; libCacheSim's by the real ratio"
  "s3fifo|libCacheSim evicts once per fault, keeps a ghost of 90% of the frames and rounds S's share its own way"
  "slru|libCacheSim splits the frames into 4 equal segments; the paper, probation and an 80% protected segment"
  "lirs|libCacheSim demotes an LIR page on a hit in Q and caps its stack at twice the frames"
)
lacks="car clock-pro lru-k mglru twolist ws vmin pff wsclock"

cd "$root"
run() { echo "+ $*" >&2; "$@" >&2; }
./heaplab --version >/dev/null
traces=(zipf mix f2c)
run ./heaplab trace generate "zipf:pages=100000,skew=0.9" -n "$REFERENCES" --seed 1 -o "$WORK/zipf.hlt"
run ./heaplab trace generate "mix:pages=100000,skew=0.9,scan=0.3" -n "$REFERENCES" --seed 1 -o "$WORK/mix.hlt"
run ./heaplab trace convert system/src/main/resources/io/heaplab/system/prototypes/f2c.hlt "$WORK/f2c.hlt"
for t in "${traces[@]}"; do
  run ./heaplab trace convert "$WORK/$t.hlt" "$WORK/$t.oracleGeneral.zst" --to oracle-general
done

printf '%-36s %-6s %9s %14s %14s  %s\n' policy trace size heaplab libCacheSim equal
differences=0
declare -A ran=()
for t in "${traces[@]}"; do
  # the program touches 176 pages: sizes that make it fault beyond its first touches (multiples of libCacheSim's
  # four SLRU segments)
  if [ "$t" = f2c ]; then sizes=(20 40 100); else IFS=, read -r -a sizes <<< "$SIZES"; fi
  list="$(IFS=,; echo "${sizes[*]}")"
  specs=()
  for p in "${policies[@]}"; do
    IFS='|' read -r spec _ _ <<< "$p"
    for s in "${sizes[@]}"; do
      case "$spec" in *:*) specs+=(-p "$spec,frames=$s") ;; *) specs+=(-p "$spec:frames=$s") ;; esac
    done
  done
  run ./heaplab trace replay "$WORK/$t.hlt" "${specs[@]}" --json "$WORK/$t.heaplab.json"
  for p in "${policies[@]}"; do
    IFS='|' read -r spec algorithm params <<< "$p"
    extra=()
    [ "$params" = - ] || extra=(-e "$params")
    out="$WORK/$t.$algorithm${params//[^a-z0-9]/}.out"
    if [ "${ran[$out]:-}" != yes ]; then # a paper row and its libcachesim variant give cachesim the same run
      (cd "$WORK" && "$cachesim" "$WORK/$t.oracleGeneral.zst" oracleGeneral "$algorithm" "$list" --ignore-obj-size 1 \
          "${extra[@]}" >"$out" 2>&1) || { cat "$out" >&2; die "cachesim $algorithm failed"; }
      ran[$out]=yes
    fi
    for s in "${sizes[@]}"; do
      case "$spec" in *:*) key="$spec,frames=$s" ;; *) key="$spec:frames=$s" ;; esac
      ours="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["faults"][sys.argv[2]])' \
        "$WORK/$t.heaplab.json" "$key")"
      theirs="$(awk -v s="$s" '$0 ~ "cache size +" s "," { for (i = 1; i <= NF; i++) if ($i == "misses") print $(i-1) }' \
        "$out" | tail -1)"
      equal=yes
      if [ "$ours" != "$theirs" ]; then
        equal=NO
        for e in "${explained[@]}"; do
          [ "${e%%|*}" = "$spec" ] && equal="no: ${e#*|}"
        done
        [ "$equal" = NO ] && differences=$((differences + 1))
      fi
      printf '%-36s %-6s %9s %14s %14s  %s\n' "$spec" "$t" "$s" "$ours" "${theirs:-?}" "$equal"
    done
  done
done
present=()
for name in $lacks; do
  if grep -q "^ *$name " <<< "$listed"; then present+=("$name"); fi
done
[ ${#present[@]} -eq 0 ] || echo "not in libCacheSim ${LIBCACHESIM_COMMIT:0:7}, so not compared: ${present[*]}"
if [ "$differences" -gt 0 ]; then
  echo "$me: $differences counts differ without an explanation" >&2
  exit 1
fi
