# Builds libCacheSim's cachesim for the peer scripts beside it, sourced by them (not run): they set me, die, WORK,
# lcs, cachesim, LIBCACHESIM_URL and LIBCACHESIM_COMMIT first, then call ensure_cachesim. The build takes
# libCacheSim from $LIBCACHESIM_SRC (a source directory or a git repository) or a clone of the pinned commit, adds
# the exact miss count to cachesim's result line (its only change to libCacheSim), and is reused while the source is
# the same.

# ---- libCacheSim's source: where from, and which version ----------------------------------------------------------
# source_kind: dir (copy it), git (archive a commit of it) or clone (clone GitHub, then archive the pinned commit)
if [ -n "${LIBCACHESIM_SRC:-}" ]; then
  [ -e "$LIBCACHESIM_SRC" ] || die "LIBCACHESIM_SRC=$LIBCACHESIM_SRC does not exist"
  src="$(cd "$LIBCACHESIM_SRC" && pwd)"
  if [ -f "$src/CMakeLists.txt" ] && [ -d "$src/libCacheSim" ]; then
    source_kind=dir
    source_id="dir $src"
  elif git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
    source_kind=git
    rev="$(git -C "$src" rev-parse -q --verify "$LIBCACHESIM_COMMIT^{commit}" 2>/dev/null || true)"
    if [ -z "$rev" ]; then
      rev="$(git -C "$src" rev-parse --verify HEAD^{commit})"
      echo "$me: $src has no commit $LIBCACHESIM_COMMIT; using its HEAD, $rev" >&2
    fi
    source_id="git $src $rev"
  else
    die "LIBCACHESIM_SRC=$LIBCACHESIM_SRC is neither libCacheSim's source directory nor a git repository"
  fi
else
  source_kind=clone
  source_id="clone $LIBCACHESIM_URL $LIBCACHESIM_COMMIT"
fi

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
  mkdir -p "$lcs/src"
  case "$source_kind" in
    dir)
      (cd "$src" && cp -R "${build_paths[@]}" "$lcs/src/") ;;
    git)
      # a snapshot may lack large files under data/; the paths built from are all that is read
      git -C "$src" archive "$rev" -- "${build_paths[@]}" 2>"$lcs/archive.log" | tar -x -C "$lcs/src" ;;
    clone)
      echo "$me: cloning $LIBCACHESIM_URL" >&2
      # without blobs until asked for: the repository carries sample traces the build never reads
      git clone --quiet --no-checkout --filter=blob:none "$LIBCACHESIM_URL" "$lcs/git" \
        || die "cannot clone $LIBCACHESIM_URL; set LIBCACHESIM_SRC to a copy of libCacheSim's source or repository"
      git -C "$lcs/git" archive "$LIBCACHESIM_COMMIT" -- "${build_paths[@]}" | tar -x -C "$lcs/src" ;;
  esac
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

