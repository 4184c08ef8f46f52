#!/bin/sh
# tests/tutorial_update.sh -- make README.md's tutorial show the files as they are and the
# commands' output as the tools print it now.  For maintainers, after a deliberate change of
# what the tools print (the timing model's cycles, a message); tests/checks/tutorial.sh runs
# the same code with -o and fails when anything would change.
#
# usage: sh tests/tutorial_update.sh            rewrite README.md and tests/debug/tutorial/expected
#        sh tests/tutorial_update.sh -o FILE    write the README it would make to FILE (changing
#                                               nothing else) and print one line per block:
#                                               "same|differs file PATH", "same|differs run COMMAND",
#                                               or "unchecked ..." for a block it cannot check
#
# In the README's section "## Tutorial: a first subroutine" (up to the next "## "):
# - a fenced block right after a line "<!-- file: PATH -->" is PATH's contents, byte for byte;
# - a fenced block whose first line starts with "$ " is a session: each "$ COMMAND" line is run
#   with sh from the repository root and followed by its standard output and error, merged.  A
#   "$ bin/awemu debug ARGS" line is followed by "(awemu) COMMAND" lines: they are run as
#   `bin/awemu debug ARGS -batch -x FILE`, which echoes each after its prompt as a terminal
#   shows it.  An output whose last line is "..." keeps only its first lines (as many as it
#   shows now) and the "...".
# Any other block in the section, fenced or indented, is reported "unchecked" (a check fails).
# The commands run in order in one scratch directory whose entries link to the repository's
# (bin to $BIN), so the files they write (zero_line.aws, ...) stay there.
cd "$(dirname "$0")/.." || exit 2
BIN=${BIN:-bin}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
[ -x "$BIN/awemu" ] && [ -x "$BIN/awasm" ] || { echo "tutorial_update.sh: $BIN/awemu is not built (make first)" >&2; exit 2; }
out=
case $1 in
  -o) out=$2; [ -n "$out" ] || { echo "usage: sh tests/tutorial_update.sh [-o FILE]" >&2; exit 2; } ;;
  '') ;;
  *) echo "usage: sh tests/tutorial_update.sh [-o FILE]" >&2; exit 2 ;;
esac

TU=$(mktemp -d) || exit 2
trap 'rm -rf "$TU"' EXIT
mkdir "$TU/work"
for e in * .[!.]*; do
  [ -e "$e" ] || continue
  case $e in bin|.git) continue ;; esac
  ln -s "$PWD/$e" "$TU/work/$e"
done
ln -s "$BIN" "$TU/work/bin"

# run_session BLOCK NEW: BLOCK holds a session's lines (no fences); its runs go to NEW
run_session() {
  : > "$2"
  cmd=; kind=; shown=0; last=
  while :; do
    if IFS= read -r line; then eof=0; else eof=1; fi
    if [ $eof -eq 1 ] || [ "${line#\$ }" != "$line" ]; then
      if [ -n "$kind" ]; then
        printf '$ %s\n' "$cmd" >> "$2"
        if [ "$kind" = debug ]; then
          (cd "$TU/work" && sh -c "$cmd -batch -x \"\$1\"" sh "$TU/cmds" < /dev/null) > "$TU/o" 2>&1
        else
          (cd "$TU/work" && sh -c "$cmd" < /dev/null) > "$TU/o" 2>&1
        fi
        if [ "$last" = "..." ] && [ "$shown" -gt 1 ]; then
          head -n $((shown - 1)) "$TU/o" >> "$2"; echo "..." >> "$2"
        else
          cat "$TU/o" >> "$2"
          [ -n "$(tail -c 1 "$TU/o")" ] && echo >> "$2"
        fi
      fi
      [ $eof -eq 1 ] && break
      cmd=${line#\$ }; shown=0; last=; : > "$TU/cmds"
      case $cmd in "bin/awemu debug "*) kind=debug ;; *) kind=sh ;; esac
      continue
    fi
    if [ "$kind" = debug ] && [ "${line#(awemu) }" != "$line" ]; then printf '%s\n' "${line#(awemu) }" >> "$TU/cmds"; fi
    shown=$((shown + 1)); last=$line
  done < "$1"
}

# Walk the README; blocks of the tutorial section are rebuilt, everything else copied.
new=$TU/README.md
: > "$new"; : > "$TU/report"
insec=0; file=; prev=
exec 3< README.md
while IFS= read -r line <&3; do
  case $line in
    "## Tutorial: a first subroutine") insec=1 ;;
    "## "*) insec=0 ;;
  esac
  if [ $insec -eq 1 ] && [ "$line" = '```' ]; then
    # a fenced block: read it whole
    : > "$TU/block"
    while IFS= read -r bl <&3 && [ "$bl" != '```' ]; do printf '%s\n' "$bl" >> "$TU/block"; done
    file=${prev#<!-- file: }; file=${file% -->}
    if [ "$file" != "$prev" ]; then
      if [ -f "$file" ]; then cp "$file" "$TU/new"; else echo "no such file: $file" > "$TU/new"; fi
      what="file $file"
    elif head -n 1 "$TU/block" | grep -q '^\$ '; then
      run_session "$TU/block" "$TU/new"
      what="run $(head -n 1 "$TU/block" | sed 's/^\$ //')"
      n=$(grep -c '^\$ ' "$TU/block"); [ "$n" -gt 1 ] && what="$what (and $((n - 1)) more)"
    else
      cp "$TU/block" "$TU/new"
      what=
      echo "unchecked a block that is neither a file nor a session: $(head -n 1 "$TU/block")" >> "$TU/report"
    fi
    if [ -z "$what" ]; then :
    elif cmp -s "$TU/block" "$TU/new"; then echo "same $what" >> "$TU/report"
    else echo "differs $what" >> "$TU/report"; fi
    { echo '```'; cat "$TU/new"; echo '```'; } >> "$new"
    prev='```'
    continue
  fi
  if [ $insec -eq 1 ]; then
    case $line in "    "*|"	"*) echo "unchecked an indented block (make it a session or a file): $line" >> "$TU/report" ;; esac
  fi
  printf '%s\n' "$line" >> "$new"
  prev=$line
done
exec 3<&-

if [ -n "$out" ]; then
  cp "$new" "$out" || exit 2
  cat "$TU/report"
  exit 0
fi
cmp -s "$new" README.md || cp "$new" README.md
grep -v '^same ' "$TU/report" | sed 's/^differs /rewrote /; s/^/README.md: /'
echo "README.md: $(grep -c '^same ' "$TU/report") blocks unchanged, $(grep -c '^differs ' "$TU/report") rewritten"
BIN=$BIN sh tests/debug/update.sh tutorial | head -1
echo
echo "WARNING: review the diff (git diff README.md tests/debug/tutorial) and the prose around each changed"
echo "         output; tests/checks/tutorial.sh also checks the prose's claims about the numbers."
