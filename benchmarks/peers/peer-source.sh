# Where a peer's source comes from, and its copy, for the peer scripts beside it: sourced by them (not run), after
# they set me and die.

# peer_source LABEL VAR GIVEN URL COMMIT MARKER: the source is GIVEN (the value of the variable VAR: a source
# directory, which has MARKER, or a git repository, bare or not, whose commit COMMIT is taken when it has it, else its
# HEAD), or, when GIVEN is empty, a clone of URL at COMMIT. Sets source_kind (dir, git or clone), src, rev and
# source_id, which names the source for the record of a build.
peer_source() {
  local label="$1" var="$2" given="$3" url="$4" commit="$5" marker="$6"
  rev="$commit"
  if [ -z "$given" ]; then
    source_kind=clone
    source_id="clone $url $commit"
    return
  fi
  [ -e "$given" ] || die "$var=$given does not exist"
  src="$(cd "$given" && pwd)"
  if [ -e "$src/$marker" ]; then
    source_kind=dir
    source_id="dir $src"
  elif git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
    source_kind=git
    rev="$(git -C "$src" rev-parse -q --verify "$commit^{commit}" 2>/dev/null || true)"
    if [ -z "$rev" ]; then
      rev="$(git -C "$src" rev-parse --verify HEAD^{commit})"
      echo "$me: $src has no commit $commit; using its HEAD, $rev" >&2
    fi
    source_id="git $src $rev"
  else
    die "$var=$given is neither $label's source directory nor a git repository"
  fi
}

# peer_copy LABEL URL DEST PATH...: copies PATHs of the source peer_source chose into DEST (a directory made here),
# cloning URL first when it chose a clone (blobs fetched only for the PATHs: repositories carry sample traces no
# build reads).
peer_copy() {
  local label="$1" url="$2" dest="$3" from log
  shift 3
  mkdir -p "$dest"
  if [ "$source_kind" = dir ]; then
    for p in "$@"; do
      [ -e "$src/$p" ] || die "$label's source $src has no $p"
      (cd "$src" && cp -R --parents "$p" "$dest/")
    done
    return
  fi
  command -v git >/dev/null 2>&1 || die "git is needed to take $label's source; on Debian: apt-get install -y git"
  from="$src"
  if [ "$source_kind" = clone ]; then
    echo "$me: cloning $url" >&2
    from="$dest.git"
    rm -rf "$from"
    git clone --quiet --no-checkout --filter=blob:none "$url" "$from" \
      || die "cannot clone $url; set the source variable to a copy of $label's source or repository"
  fi
  log="$dest.archive.log"
  if ! git -C "$from" archive "$rev" -- "$@" 2>"$log" | tar -x -C "$dest" 2>>"$log"; then
    die "cannot take $* at ${rev:0:7} from $label's source: $(grep -v '^$' "$log" | head -n 1)"
  fi
}
