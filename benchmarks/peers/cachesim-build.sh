# Builds libCacheSim's cachesim for the peer scripts beside it, sourced by them (not run): they set me, die, WORK,
# lcs, cachesim, LIBCACHESIM_URL and LIBCACHESIM_COMMIT first, then call ensure_cachesim. The build takes
# libCacheSim from $LIBCACHESIM_SRC (a source directory or a git repository) or a clone of the pinned commit, adds
# the exact miss count to cachesim's result line (its only change to libCacheSim), and is reused while the source is
# the same.

# ---- libCacheSim's source: where from, and which version ----------------------------------------------------------
# shellcheck source=benchmarks/peers/peer-source.sh
source "$(dirname "${BASH_SOURCE[0]}")/peer-source.sh"
peer_source libCacheSim LIBCACHESIM_SRC "${LIBCACHESIM_SRC:-}" "$LIBCACHESIM_URL" "$LIBCACHESIM_COMMIT" libCacheSim/cache

# only what the build reads: the repository's data/ holds large sample traces
build_paths=(CMakeLists.txt cmake libCacheSim libCacheSim.pc.in libCacheSim.cmake.in)

check_build_deps() {
  local missing=()
  command -v cmake >/dev/null 2>&1 || missing+=(cmake)
  if ! command -v make >/dev/null 2>&1 || ! command -v cc >/dev/null 2>&1 || ! command -v c++ >/dev/null 2>&1; then
    missing+=(build-essential)
  fi
  if command -v pkg-config >/dev/null 2>&1; then
    pkg-config --exists glib-2.0 || missing+=(libglib2.0-dev)
    pkg-config --exists libzstd || missing+=(libzstd-dev)
  else
    missing+=(pkg-config)
    [ -f /usr/include/glib-2.0/glib.h ] || missing+=(libglib2.0-dev)
    [ -f /usr/include/zstd.h ] || missing+=(libzstd-dev)
  fi
  if [ "$source_kind" != dir ]; then command -v git >/dev/null 2>&1 || missing+=(git); fi
  if [ ${#missing[@]} -gt 0 ]; then
    echo "$me: cachesim cannot be built: install the missing build dependencies with: apt-get install -y ${missing[*]}" >&2
    exit 2
  fi
}

# Adds the exact miss count to the end of each line cachesim prints for a run at several sizes:
# "... miss ratio 0.3364, byte miss ratio 0.3364" becomes "... miss ratio 0.3364, byte miss ratio 0.3364, 33644 misses"
add_miss_count() {
  local main="$1/libCacheSim/bin/cachesim/main.c"
  [ -f "$main" ] || die "no $main in libCacheSim's source"
  perl -0pi -e '
    s/("ratio %\.4lf)(\\n",\s*output_filename)/$1, %lld misses$2/ or die "format\n";
    s/(\(double\)result\[i\]\.n_miss_byte \/ \(double\)result\[i\]\.n_req_byte)\);/$1,\n             (long long)result[i].n_miss);/ or die "arguments\n";
  ' "$main" 2>/dev/null \
    || die "cannot add the miss count to cachesim's result line: $main is not as at commit ${LIBCACHESIM_COMMIT:0:7}"
}

build_cachesim() {
  check_build_deps
  rm -rf "$lcs"
  peer_copy libCacheSim "$LIBCACHESIM_URL" "$lcs/src" "${build_paths[@]}"
  [ -f "$lcs/src/CMakeLists.txt" ] && [ -d "$lcs/src/libCacheSim/bin/cachesim" ] \
    || die "libCacheSim's source from $source_id lacks CMakeLists.txt or libCacheSim/bin/cachesim"
  add_miss_count "$lcs/src"
  echo "$me: building cachesim (Release) in $lcs/build" >&2
  if ! cmake -S "$lcs/src" -B "$lcs/build" -DCMAKE_BUILD_TYPE=Release -DENABLE_TESTS=OFF >"$lcs/cmake.log" 2>&1; then
    tail -n 20 "$lcs/cmake.log" >&2
    die "cmake failed (all of it in $lcs/cmake.log)"
  fi
  if ! cmake --build "$lcs/build" --target cachesim -j "$(nproc 2>/dev/null || echo 2)" >"$lcs/build.log" 2>&1; then
    tail -n 20 "$lcs/build.log" >&2
    die "building cachesim failed (all of it in $lcs/build.log)"
  fi
  [ -x "$cachesim" ] || die "the build made no $cachesim"
  echo "$source_id" > "$lcs/source"
}

ensure_cachesim() {
  if [ -x "$cachesim" ] && [ "$(cat "$lcs/source" 2>/dev/null)" = "$source_id" ]; then
    echo "$me: cachesim already built from $source_id: $cachesim" >&2
  else
    build_cachesim
  fi
}


# lru-profile: benchmarks/peers/lru-profile.c, a driver of libCacheSim's exact LRU profiler, linked against the
# libraries of the cachesim build above (cachesim's own link line, its objects swapped for the driver's); rebuilt
# when cachesim or the driver is newer. Sets lru_profile to its path.
ensure_lru_profile() {
  local dir="$lcs/build/libCacheSim/bin/cachesim" driver="$root/benchmarks/peers/lru-profile.c" link libs
  lru_profile="$lcs/build/bin/lru-profile"
  if [ -x "$lru_profile" ] && [ "$lru_profile" -nt "$cachesim" ] && [ "$lru_profile" -nt "$driver" ]; then
    return 0
  fi
  link="$dir/CMakeFiles/cachesim.dir/link.txt"
  [ -f "$link" ] || die "no $link: cachesim's build is not as expected; delete $lcs to rebuild it"
  # everything after "-o <output>" is libraries, relative to the cachesim build directory
  libs="$(sed -n 's/.* -o [^ ]*  *//p' "$link")"
  [ -n "$libs" ] || die "cannot read the libraries from $link"
  if ! (cd "$dir" \
        && cc -O3 -DNDEBUG -DSUPPORT_ZSTD_TRACE=1 $(pkg-config --cflags glib-2.0) -I"$lcs/src/libCacheSim/include" \
             -c "$driver" -o "$lcs/build/lru-profile.o" \
        && c++ -O3 "$lcs/build/lru-profile.o" -o "$lru_profile" $libs -lm -lpthread) >"$lcs/lru-profile.log" 2>&1; then
    tail -n 20 "$lcs/lru-profile.log" >&2
    die "building lru-profile failed (all of it in $lcs/lru-profile.log)"
  fi
}
