#!/usr/bin/env bash
# heaplab's strategies modelled on today's allocators beside the real ones, on malloc traces: for each trace, the
# simulated strategies' peak heap and pages touched (heaplab malloc replay) and the real allocators' peak resident
# heap (heaplab malloc native), with its own realloc and with every realloc moved as heaplab's strategies move it,
# as a Markdown table with each model's gap to its allocator.
#
#   benchmarks/peers/malloc-validation.sh [--capture DIR] [TRACE...]
#
# With no TRACE, the three shipped traces. --capture DIR first captures three larger programs into DIR (GCC's cc1
# compiling a C file, CPython building and parsing JSON with PYTHONMALLOC=malloc, GNU sort on 200,000 lines) and
# adds them. Needs python3; the real allocators that are not installed are skipped (heaplab says how to install
# them).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
heaplab="$root/heaplab"
traces=()
capture=""
while [ $# -gt 0 ]; do
  case "$1" in
    --capture) capture="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) traces+=("$1"); shift ;;
  esac
done
if [ ${#traces[@]} -eq 0 ]; then
  traces=("$root"/examples/malloc-traces/{tcc-compile,python-json,sort-lines}.hmt)
fi
if [ -n "$capture" ]; then
  mkdir -p "$capture"
  cc1="$(gcc -print-prog-name=cc1)"
  "$heaplab" malloc capture -o "$capture/gcc-cc1.hmt" -- "$cc1" -quiet -O2 -imultiarch "$(gcc -print-multiarch)" \
    "$root/traces/src/main/resources/io/heaplab/traces/malloc/capture/heaplab_malloc_capture.c" -o /dev/null >/dev/null
  "$heaplab" malloc capture -o "$capture/python-json-2m.hmt" -- env PYTHONMALLOC=malloc python3 -c \
    "import json; d=[{'a':i,'b':str(i)*3,'c':[i,i+1]} for i in range(29000)]; s=json.dumps(d); e=json.loads(s)" \
    >/dev/null
  seq 200000 | awk '{ printf "%08x %s line %d\n", ($1 * 2654435761) % 4294967296, $1, $1 }' > "$capture/lines.txt"
  "$heaplab" malloc capture -o "$capture/sort-200k.hmt" -- sort "$capture/lines.txt" -o "$capture/sorted.txt" \
    >/dev/null
  traces+=("$capture/gcc-cc1.hmt" "$capture/python-json-2m.hmt" "$capture/sort-200k.hmt")
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
i=0
for trace in "${traces[@]}"; do
  i=$((i + 1))
  "$heaplab" malloc replay "$trace" -a slab,dlmalloc,jemalloc,mimalloc -p lru:frames=16 --repeat 0 \
    --json "$work/sim-$i.json" >/dev/null
  "$heaplab" malloc native "$trace" --repeat 1 --json "$work/native-$i.json" >/dev/null
  "$heaplab" malloc native "$trace" --repeat 1 --moving-realloc --json "$work/moving-$i.json" >/dev/null
done
python3 - "$work" "${traces[@]}" <<'PY'
import json, os, sys
work, traces = sys.argv[1], sys.argv[2:]
pairs = [("dlmalloc", "glibc"), ("jemalloc", "jemalloc"), ("mimalloc", "mimalloc"), ("slab", None)]
print("| trace | calls | live KB |")
print("|---|---:|---:|")
for i, trace in enumerate(traces, 1):
    s = json.load(open(f"{work}/sim-{i}.json"))["runs"][0]
    print(f"| {os.path.basename(trace)} | {s['allocations'] + s['frees']:,} | {s['peakLiveBytes'] / 1024:,.0f} |")
print()
print("| trace | model | heap KB | touched KB | real allocator | peak resident KB | gap | moving realloc KB | gap |")
print("|---|---|---:|---:|---|---:|---:|---:|---:|")
for i, trace in enumerate(traces, 1):
    sim = {r["allocator"]: r for r in json.load(open(f"{work}/sim-{i}.json"))["runs"]}
    nat = {r["allocator"][len("native:"):]: r for r in json.load(open(f"{work}/native-{i}.json"))["runs"]}
    mov = {r["allocator"][len("native:"):]: r for r in json.load(open(f"{work}/moving-{i}.json"))["runs"]}
    for model, real in pairs:
        s = sim[model]
        heap = s["fragmentation"]["peakHeapBytes"] / 1024
        touched = s["pagesTouched"] * s["pageSize"] / 1024
        cells = [os.path.basename(trace), model, f"{heap:,.0f}", f"{touched:,.0f}"]
        n = nat.get(real) if real else None
        if n is None:
            cells += [real or "none", "-", "-", "-", "-"]
        else:
            cells += [real]
            for runs in (nat, mov):
                peak = runs[real]["fragmentation"]["peakHeapBytes"] / 1024
                cells += [f"{peak:,.0f}", f"{100 * (touched - peak) / peak:+.0f}%"]
        print("| " + " | ".join(cells) + " |")
PY
