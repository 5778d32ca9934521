#!/usr/bin/env bash
# Captures the prototype programs of heaplab's multiprogrammed system (Carr & Hennessy's task model): eight real
# programs from Debian packages, each traced with valgrind's lackey tool and converted by `heaplab trace convert`
# into a deflated binary trace of LIMIT references, instructions and data, in 4 KiB pages: the first LIMIT from the
# program's entry point, or, with SKIP, the LIMIT after the first SKIP (the program's steady state).
#
#   scripts/prototypes/capture.sh [OUT_DIR]      (default: system/src/main/resources/io/heaplab/system/prototypes)
#
# Environment: LIMIT (references per prototype, default 5000000), SKIP (references dropped after the entry point,
# default 0; the balanced regime's steady-state tasks are SKIP=5000000 into .../prototypes/steady), PAGE_SIZE
# (default 4096), ONLY (a space-separated
# list of prototype names to capture; the provenance file then keeps the others' entries), NO_INSTALL=1 (skip
# apt-get). It installs what it needs with apt-get (valgrind, strace and the programs' packages), so run it as
# root on Debian 12 (bookworm); the build and the tests never need any of it.
#
# Per prototype it writes OUT_DIR/NAME.hlt, and OUT_DIR/prototypes.json holds every prototype's provenance: the
# command and its input, the Debian package and version, page size, references, distinct pages, the share of runs
# that write, I/O requests and the mean references between them. docs/prototypes.md says why it is made this way.
#
# How a trace is made comparable to Carr's regime (docs/prototypes.md has the numbers):
# - counting starts at the program's entry point: everything before the first instruction fetched from the
#   program's own executable (the dynamic loader mapping and relocating the shared libraries, and the libraries'
#   constructors) is dropped; a statically linked program (the Pascal compiler) starts at its first instruction;
# - LD_BIND_NOW=1 makes the loader bind every library symbol before the entry point, as a static link would,
#   instead of on each function's first call inside the window;
# - inputs are sized so that each program runs past the window and does the work its kind stands for in it.
# Even so a 64-bit program's working set is about twice Carr's: docs/prototypes.md measures it and says how the
# system scales memory to match.
#
# I/O requests are the data transfers the program asks of the kernel on files and pipes: read, write, pread64,
# pwrite64, readv, writev, preadv, pwritev (open, stat, mmap, brk and the like move no data and are not counted).
# They are counted in the same window as the references: valgrind's --trace-syscalls=yes writes each system call
# into the lackey stream, in order, and the filter below notes how many accesses came before it. strace counts the
# same calls over the whole run as a cross-check (ioRequestsWholeRun).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/system/src/main/resources/io/heaplab/system/prototypes}"
limit="${LIMIT:-5000000}"
skip="${SKIP:-0}"
page_size="${PAGE_SIZE:-4096}"
heaplab="$root/heaplab"
# the compilers are run as themselves, not through their drivers (gcc, fpc), so one process is traced
packages=(valgrind strace python3 mawk coreutils f2c fp-compiler-3.2.2 tcc binutils mandoc m4)
all=(f2c fpc tcc as mandoc sort m4 awk)
only=(${ONLY:-${all[*]}})

die() { echo "capture: $*" >&2; exit 1; }

[ "$(uname -m)" = x86_64 ] || die "$(uname -m) machine (expected: x86_64, where the prototypes were captured)"
if [ -z "${NO_INSTALL:-}" ]; then
  [ "$(id -u)" = 0 ] || die "not root (expected: root, to apt-get install ${packages[*]}; or NO_INSTALL=1)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi
for tool in valgrind strace mawk python3; do
  command -v "$tool" >/dev/null || die "$tool is missing (expected: installed, see the packages above)"
done
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# traces and provenance are made in $work/out and copied to $out at the end: the heaplab launcher would rebuild its
# jar after every change under a src/main folder
mkdir -p "$work/out"
[ ! -f "$out/prototypes.json" ] || cp "$out/prototypes.json" "$work/out/"

# ---- inputs: generated here, deterministically, or files of the packages themselves ----

# A Fortran 77 program: N subroutines of nested loops over arrays, and a main program calling them.
gen_fortran() {
  awk -v n="$1" 'BEGIN {
    print "      PROGRAM MAIN"
    print "      REAL A(100,100), B(100), S"
    print "      INTEGER I"
    for (k = 1; k <= n; k++) printf "      CALL SUB%d(A, B, 100, S)\n", k
    print "      WRITE (6, *) S"
    print "      END"
    for (k = 1; k <= n; k++) {
      printf "      SUBROUTINE SUB%d(A, B, N, S)\n", k
      print "      INTEGER N, I, J"
      print "      REAL A(N,N), B(N), S, T"
      print "      S = 0.0"
      print "      DO 20 I = 1, N"
      print "        T = 0.0"
      printf "        DO 10 J = 1, N\n"
      printf "          T = T + A(I,J) * B(J) * %d.0 + MOD(I * J, %d)\n", k, (k % 13) + 2
      print "   10   CONTINUE"
      printf "        IF (T .GT. %d.0) THEN\n", k * 10
      printf "          B(I) = T / %d.0\n", k + 1
      print "        ELSE"
      print "          B(I) = T + S"
      print "        END IF"
      print "        S = S + B(I)"
      print "   20 CONTINUE"
      print "      RETURN"
      print "      END"
    }
  }'
}

# A Pascal program: N procedures with records, arrays and loops, and a main block calling them.
gen_pascal() {
  awk -v n="$1" 'BEGIN {
    print "program Proto;"
    print "type Item = record key: integer; value: real; end;"
    print "     Table = array[1..100] of Item;"
    print "var t: Table; total: real; i: integer;"
    for (k = 1; k <= n; k++) {
      printf "procedure Step%d(var t: Table; var total: real);\n", k
      print "var i, j: integer; x: real;"
      print "begin"
      print "  for i := 1 to 100 do"
      print "  begin"
      printf "    x := t[i].value * %d.5;\n", k
      printf "    for j := 1 to %d do x := x + (i * j) mod %d;\n", (k % 7) + 3, (k % 11) + 2
      printf "    if x > %d then t[i].key := t[i].key + 1 else t[i].value := x / 2;\n", k * 5
      print "    total := total + x;"
      print "  end;"
      print "end;"
    }
    print "begin"
    print "  total := 0;"
    print "  for i := 1 to 100 do begin t[i].key := i; t[i].value := i / 3; end;"
    for (k = 1; k <= n; k++) printf "  Step%d(t, total);\n", k
    print "  writeln(total:0:2);"
    print "end."
  }'
}

# A C file with no #include: N functions over a struct, arrays and loops, and main.
gen_c() {
  awk -v n="$1" 'BEGIN {
    print "struct item { int key; double value; struct item *next; };"
    print "static struct item items[256];"
    for (k = 1; k <= n; k++) {
      printf "static double step%d(struct item *p, int n) {\n", k
      print "    double sum = 0.0;"
      print "    for (int i = 0; i < n; i++) {"
      printf "        int j = (i * %d + %d) %% n;\n", k, (k % 17) + 1
      printf "        if (p[j].key > %d) sum += p[j].value * %d.5; else p[j].key += i %% %d;\n", k, k, (k % 5) + 2
      print "        p[i].next = &p[j];"
      print "    }"
      print "    return sum;"
      print "}"
    }
    print "int main(void) {"
    print "    double total = 0.0;"
    print "    for (int i = 0; i < 256; i++) { items[i].key = i; items[i].value = i / 3.0; }"
    for (k = 1; k <= n; k++) printf "    total += step%d(items, 256);\n", k
    print "    return (int) total & 127;"
    print "}"
  }'
}

# x86-64 assembler (GNU syntax): N functions of loads, stores, arithmetic and branches to local labels.
gen_asm() {
  awk -v n="$1" 'BEGIN {
    print "\t.text"
    for (k = 1; k <= n; k++) {
      printf "\t.globl f%d\n\t.type f%d, @function\nf%d:\n", k, k, k
      print "\tpushq %rbp\n\tmovq %rsp, %rbp\n\txorl %eax, %eax"
      printf "\tmovl $%d, %%ecx\n", (k % 50) + 10
      printf ".L%d_loop:\n", k
      printf "\tmovq table+%d(%%rip), %%rdx\n", (k % 64) * 8
      printf "\taddq $%d, %%rdx\n\timulq %%rcx, %%rdx\n\taddq %%rdx, %%rax\n", k
      printf "\tmovq %%rax, table+%d(%%rip)\n", ((k * 7) % 64) * 8
      printf "\tdecl %%ecx\n\tjnz .L%d_loop\n", k
      printf "\tcall f%d\n", (k % n) + 1
      print "\tpopq %rbp\n\tret"
      printf "\t.size f%d, .-f%d\n", k, k
    }
    print "\t.data\ntable:"
    for (i = 0; i < 64; i++) printf "\t.quad %d\n", i * 31
  }'
}

# Text of lines of pseudo-words, from a linear congruential generator: the same text on every machine.
gen_words() {
  awk -v n="$1" 'BEGIN {
    x = 12345
    split("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa", w, " ")
    for (i = 1; i <= n; i++) {
      line = ""
      for (j = 0; j < 6; j++) {
        x = (x * 1103515245 + 12345) % 2147483648
        line = line (j ? " " : "") w[int(x / 65536) % 16 + 1] int(x / 16) % 1000
      }
      print line
    }
  }'
}

# An m4 file: a counting loop (forloop.m4 from m4's own examples) that defines and expands N macros.
gen_m4() {
  cat <<EOF
include(\`forloop.m4')dnl
define(\`square', \`eval(\`\$1' * \`\$1')')dnl
forloop(\`i', \`1', \`$1', \`define(\`v'i, square(i))v'i format(\`%5d', eval(i % 97)) ifelse(eval(i % 10), \`0', \`
')')
EOF
}

# An awk program: word frequencies and word lengths, and the last lines kept in a ring.
awk_script='{ for (i = 1; i <= NF; i++) { count[$i]++; len[length($i)]++ } total += NF; lines[NR % 64] = $0 }
END { for (w in count) printf "%s %d\n", w, count[w]; for (l in len) printf "length %d: %d\n", l, len[l]
      print total, NR }'

# ---- the prototypes: name, kind, package, the program, its arguments (run in $work/NAME) ----

prepare() {
  local name="$1" dir="$work/$1"
  mkdir -p "$dir"
  case "$name" in
    f2c)   gen_fortran 400 >"$dir/prog.f" ;;
    fpc)   gen_pascal 400 >"$dir/prog.pas" ;;
    tcc)   gen_c 1500 >"$dir/prog.c" ;;
    as)    gen_asm 4000 >"$dir/prog.s" ;;
    mandoc) zcat /usr/share/man/man1/tcc.1.gz >"$dir/tcc.1" ;;
    sort)  gen_words 8000 >"$dir/words.txt" ;;
    m4)    gen_m4 4000 >"$dir/prog.m4" ;;
    awk)   gen_words 20000 >"$dir/words.txt"; printf '%s\n' "$awk_script" >"$dir/freq.awk" ;;
  esac
}

# kind|package|input description|command (relative to the prototype's directory)
describe() {
  case "$1" in
    f2c)   echo "Fortran compiler|f2c|a generated Fortran 77 program of 400 subroutines (gen_fortran 400)|f2c -w -Nx800 prog.f" ;;
    fpc)   echo "Pascal compiler|fp-compiler-3.2.2|a generated Pascal program of 400 procedures (gen_pascal 400)|/usr/lib/x86_64-linux-gnu/fpc/3.2.2/ppcx64 -n -s -Fu/usr/lib/x86_64-linux-gnu/fpc/3.2.2/units/x86_64-linux/rtl prog.pas" ;;
    tcc)   echo "C compiler|tcc|a generated C file of 1500 functions, no #include (gen_c 1500)|tcc -c prog.c -o prog.o" ;;
    as)    echo "assembler|binutils|a generated x86-64 assembler file of 4000 functions (gen_asm 4000)|as prog.s -o prog.o" ;;
    sort)  echo "sorting utility|coreutils|8000 generated lines of six pseudo-words (gen_words 8000)|sort words.txt" ;;
    m4)    echo "macro processor|m4|a generated m4 file defining 4000 macros in a loop, with forloop.m4 from m4's examples (gen_m4 4000)|m4 -I /usr/share/doc/m4/examples prog.m4" ;;
    awk)   echo "report generator (awk)|mawk|word frequencies (freq.awk) over 20000 generated lines (gen_words 20000)|mawk -f freq.awk words.txt" ;;
    mandoc) echo "text formatter|mandoc|tcc's manual page, from the tcc package (/usr/share/man/man1/tcc.1.gz)|mandoc -T utf8 -man tcc.1" ;;
  esac
}

# Passes the lackey stream on from the program's entry point (the first instruction fetched below 0x4000000,
# where valgrind loads the dynamic loader: a PIE executable sits at 0x108000, a static one at 0x400000), and
# notes each system call with the number of accesses passed before it; drops everything else.
filter='BEGIN { started = 0; n = 0 }
/^I  / { if (!started) { split(substr($0, 4), a, ","); if (length(a[1]) == 8 && a[1] < "04000000") started = 1; else next }
         n++; print; next }
/^ [LSM] / { if (started) { n++; print }; next }
/^SYSCALL\[/ { if (started && $0 !~ /\.\.\. \[async\]/) { print n "\t" $0 > calls; fflush(calls) }; next }'

io_calls='sys_(read|write|pread64|pwrite64|readv|writev|preadv|pwritev)[ (]'

capture() {
  local name="$1" dir="$work/$1" kind package input command
  IFS='|' read -r kind package input command <<<"$(describe "$name")"
  prepare "$name"
  echo "capture: $name: $command" >&2
  # lackey writes to standard error, the program's own output goes to a file; when the converter has its
  # references it closes the pipe, and valgrind and the filter end on a broken pipe: only its status counts
  (cd "$dir" && LD_BIND_NOW=1 valgrind --tool=lackey --trace-mem=yes --trace-syscalls=yes $command 2>&1 >"$dir/stdout" </dev/null) \
    | mawk -v calls="$dir/calls" "$filter" \
    | "$heaplab" trace convert - "$work/out/$name.hlt" --format lackey --instructions --page-size "$page_size" \
        --skip "$skip" --limit "$limit" >"$dir/converted" || [ "${PIPESTATUS[2]}" = 0 ] || die "$name: the conversion failed"
  local converted
  converted="$(cat "$dir/converted")"
  echo "capture: $name: $converted" >&2
  # the whole run again, natively under strace, which also checks that the program did its work: exit status 0
  (cd "$dir" && strace -f -c -e trace=read,write,pread64,pwrite64,readv,writev,preadv,pwritev \
      -o "$dir/strace" $command >"$dir/stdout" 2>"$dir/stderr" </dev/null) \
    || die "$name: '$command' failed: $(head -c 300 "$dir/stderr" | tr '\n' ' ')"
  local whole
  whole="$(awk '$NF == "total" { print $4 }' "$dir/strace")"
  local version
  version="$(dpkg-query -W -f '${Version}' "$package")"
  local curve="$dir/curve.json"
  "$heaplab" trace replay "$work/out/$name.hlt" -p ws:theta=all -p lru:frames=all --json "$curve" >/dev/null
  python3 - "$work/out/prototypes.json" "$name" "$kind" "$package" "$version" "$command" "$input" "$page_size" \
      "$limit" "$dir/calls" "$curve" "${whole:-0}" "$converted" "$io_calls" "$skip" <<'PY'
import json, os, re, sys, bisect
(path, name, kind, package, version, command, input_, page_size, limit, calls, curve, whole, converted,
 io, skip) = sys.argv[1:]
skip = int(skip)
result = json.load(open(curve))
references = result["references"]
m = re.search(r"in (\d+) reference runs \((\d+) writing\)", converted)
if m is None or "cut at the limit" not in converted:
    sys.exit(f"capture: {name}: the program ended before its window did, or the converter said something else:"
             f" {converted} (expected: {limit} references after {skip}, cut at the limit)")
runs, write_runs = int(m.group(1)), int(m.group(2))
# accesses (lackey lines) before each call; a few accesses straddle two pages, so lines slightly undercount
# references: a call is in the window when fewer lines than the window's references came before it
io_requests = 0
if os.path.exists(calls):
    for line in open(calls):
        before, text = line.split("\t", 1)
        if skip <= int(before) < skip + references and re.search(io, text):
            io_requests += 1
curves = {c["policy"]: c for c in result["curves"]}
ws = curves["ws:theta=all"]
lru = dict(zip(curves["lru:frames=all"]["sizes"], curves["lru:frames=all"]["faults"]))
def at(theta):
    i = bisect.bisect_right(ws["sizes"], theta) - 1
    return {"theta": ws["sizes"][i], "meanWorkingSet": round(ws["meanResident"][i], 1), "faults": ws["faults"][i]}
entry = {
    "name": name, "kind": kind, "package": package, "version": version,
    "command": command, "input": input_, "trace": name + ".hlt",
    "pageSize": int(page_size), "references": references, "distinctPages": result["distinctPages"],
    "runs": runs, "writeRunShare": round(write_runs / runs, 4),
    "ioRequests": io_requests,
    "meanReferencesBetweenIo": round(references / io_requests) if io_requests else None,
    "ioRequestsWholeRun": int(whole),
    "workingSet": [at(t) for t in (200000, 500000, 1000000, 2000000)],
    "lruFaults": {str(f): lru[f] for f in (10, 20, 40, 80) if f in lru},
    "skip": skip,
    "regime": "instructions and data in " + page_size + "-byte pages, " + limit + " references "
              + ("from the program's entry point" if skip == 0 else "after the first " + str(skip)
                 + " from the program's entry point (its steady state, past loading)")
              + ": the dynamic loader's start-up dropped, and with LD_BIND_NOW=1 its lazy "
              "symbol binding done there too, as a static link would; the input sized so that the program runs "
              "past the window",
}
doc = {"schema": 1, "limit": int(limit), "skip": skip, "prototypes": []}
if os.path.exists(path):
    doc = json.load(open(path))
doc["prototypes"] = [p for p in doc["prototypes"] if p["name"] != name] + [entry]
order = ["f2c", "fpc", "tcc", "as", "mandoc", "sort", "m4", "awk"]
doc["prototypes"].sort(key=lambda p: order.index(p["name"]) if p["name"] in order else len(order))
# Carr's memories of 200 to 350 frames held about 5 tasks: some 55 frames a task; the prototypes' mean working
# set at theta=500000 over that, to the nearest half, is the factor by which to scale Carr's memory sizes
mean = sum(p["workingSet"][1]["meanWorkingSet"] for p in doc["prototypes"]) / len(doc["prototypes"])
doc["meanWorkingSetAt500k"] = round(mean, 1)
doc["framesPerTaskInCarr"] = 55
doc["framesScale"] = max(1.0, round(mean / 55 * 2) / 2)
with open(path + ".tmp", "w") as f:
    json.dump(doc, f, indent=2)
    f.write("\n")
os.replace(path + ".tmp", path)
print(f"capture: {name}: {references} references, {result['distinctPages']} pages, "
      f"ws(500k) {at(500000)['meanWorkingSet']}, {io_requests} I/O requests", file=sys.stderr)
PY
}

for name in "${only[@]}"; do
  case " ${all[*]} " in *" $name "*) ;; *) die "prototype '$name' (expected one of: ${all[*]})" ;; esac
  capture "$name"
done
cp "$work"/out/* "$out"/
ls -l "$out" >&2
