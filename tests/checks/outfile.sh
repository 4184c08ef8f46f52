# tests/checks/outfile.sh -- awasm -o and awdis -o never harm the user's files
# (isa/outfile.h): FIFOs, symbolic links and device nodes are written in
# place, an output that is an input is refused, a user's OUT.tmp is left
# alone, '-' is standard output, a failure leaves OUT as it was, a replaced
# file keeps its permission bits, no temporary is left behind.
# Sourced by tests/run.sh (pass, fail, $BIN).  Everything happens inside one
# mktemp -d directory; no /dev path is ever given to a tool as an output (the
# device check uses a node made with mknod inside that directory).
#
# Why each check fails on the code before isa/outfile (awasm wrote OUT.tmp
# with fopen and renamed it over OUT; awdis did fopen(OUT, "w")):
#  fifo, link-fifo   old awasm renamed a regular file over the FIFO (or over
#                    the link): the reader got nothing, [ -p ] / [ -L ] fail.
#  link-file         old awasm replaced the link by a regular file: [ -L ] fails
#                    and the link's target kept its old bytes.
#  device            old awasm replaced the character device by a regular
#                    file: [ -c ] fails (the /dev/null bug of issue 10).
#  self, self-link,  old awasm renamed the image over the source (through
#  self-hardlink     either link too), old awdis truncated its input with
#                    fopen "w": the source differs and the status was 0.
#  user-tmp          old awasm wrote OUT.tmp and renamed it: the user's
#                    OUT.tmp was gone.
#  stdout            old awasm and awdis wrote a file named '-' and nothing
#                    to standard output.
#  mode              old awasm's fopen made a new file with 0666 & ~umask:
#                    a 0640 OUT became 0644.
#  error-keeps-out,  did not fail before: old awasm wrote nothing on an
#  no-temporary      assembly error and old awdis wrote in place; they guard
#                    the temporary + rename that replaced both (an error must
#                    not rename, a success must leave no OUT.XXXXXX).
#  For awdis, fifo, link-*, device, user-tmp and mode passed with its old
#  fopen too; they are there because awdis now writes through the same
#  temporary + rename as awasm and must not regain awasm's old faults.
#  full stdout       (the end of the file) every tool but awdis exited 0 with
#                    its output lost: nothing checked standard output's close.
OF_T=$(mktemp -d)
OF_B=$(cd "$BIN" && pwd)

# of_run TOOL INPUT OUTPUT: writes TOOL's output for INPUT to OUTPUT (in $OF_T).
of_run() {
  case $1 in
    awasm) (cd "$OF_T" && timeout 20 "$OF_B/awasm" -q "$2" -o "$3") ;;
    awdis) (cd "$OF_T" && timeout 20 "$OF_B/awdis" "$2" -o "$3") ;;
  esac
}

cp subroutines/demo/zero_line.s "$OF_T/z.s"
"$BIN/awasm" -q "$OF_T/z.s" -o "$OF_T/z.aws"
printf '.subroutine bad\n{\n\tfrob.u32 %%r1;\n}\n' > "$OF_T/bad.s"
head -c 40 "$OF_T/z.aws" > "$OF_T/bad.aws"

for of_tool in awasm awdis; do
  if [ $of_tool = awasm ]; then of_in=z.s; of_bad=bad.s; of_ext=aws; else of_in=z.aws; of_bad=bad.aws; of_ext=s; fi
  of_run $of_tool $of_in ref.$of_ext
  if [ ! -s "$OF_T/ref.$of_ext" ]; then fail "outfile $of_tool: no reference output" ; continue; fi
  cp "$OF_T/$of_in" "$OF_T/orig"

  # a FIFO: written in place, read by cat
  mkfifo "$OF_T/fifo"
  (timeout 5 cat "$OF_T/fifo" > "$OF_T/got") &
  of_pid=$!
  of_run $of_tool $of_in fifo; of_rc=$?
  wait $of_pid
  if [ $of_rc -eq 0 ] && [ -p "$OF_T/fifo" ] && cmp -s "$OF_T/got" "$OF_T/ref.$of_ext"; then pass "outfile $of_tool: -o FIFO"
  else fail "outfile $of_tool: -o FIFO" "status $of_rc; $(ls -l "$OF_T/fifo"); $(wc -c < "$OF_T/got") bytes read"; fi

  # a symbolic link to a file: the link stays a link, its target gets the bytes
  echo old > "$OF_T/target"
  ln -s target "$OF_T/link"
  of_run $of_tool $of_in link; of_rc=$?
  if [ $of_rc -eq 0 ] && [ -L "$OF_T/link" ] && cmp -s "$OF_T/target" "$OF_T/ref.$of_ext"; then pass "outfile $of_tool: -o symlink to a file"
  else fail "outfile $of_tool: -o symlink to a file" "status $of_rc; $(ls -l "$OF_T/link" "$OF_T/target")"; fi

  # a symbolic link to a FIFO
  mkfifo "$OF_T/fifo2"
  ln -s fifo2 "$OF_T/link2"
  (timeout 5 cat "$OF_T/fifo2" > "$OF_T/got2") &
  of_pid=$!
  of_run $of_tool $of_in link2; of_rc=$?
  wait $of_pid
  if [ $of_rc -eq 0 ] && [ -L "$OF_T/link2" ] && [ -p "$OF_T/fifo2" ] && cmp -s "$OF_T/got2" "$OF_T/ref.$of_ext"; then pass "outfile $of_tool: -o symlink to a FIFO"
  else fail "outfile $of_tool: -o symlink to a FIFO" "status $of_rc; $(ls -l "$OF_T/link2" "$OF_T/fifo2")"; fi

  # a character device (a null device made inside the temporary directory)
  if mknod "$OF_T/nul" c 1 3 2> "$OF_T/mknod.err"; then
    of_run $of_tool $of_in nul; of_rc=$?
    if [ $of_rc -eq 0 ] && [ -c "$OF_T/nul" ]; then pass "outfile $of_tool: -o a character device stays one"
    else fail "outfile $of_tool: -o a character device stays one" "status $of_rc; $(ls -l "$OF_T/nul")"; fi
    rm -f "$OF_T/nul"
  else
    skip "outfile $of_tool: -o a character device" "mknod failed ($(id -un); $(head -1 "$OF_T/mknod.err"))"
  fi

  # the output is the input: by name, through a symbolic link, through a hard link
  ln -s $of_in "$OF_T/inlink"
  ln "$OF_T/$of_in" "$OF_T/inhard"
  for of_o in $of_in inlink inhard; do
    of_run $of_tool $of_in $of_o 2> "$OF_T/self.err"; of_rc=$?
    if [ $of_rc -eq 2 ] && cmp -s "$OF_T/$of_in" "$OF_T/orig" && grep -q 'refusing' "$OF_T/self.err"; then pass "outfile $of_tool: -o $of_o (the input) is refused"
    else fail "outfile $of_tool: -o $of_o (the input) is refused" "status $of_rc; $(cat "$OF_T/self.err")"; cp "$OF_T/orig" "$OF_T/$of_in"; fi
  done
  rm -f "$OF_T/inlink" "$OF_T/inhard"

  # the user's own OUT.tmp is neither overwritten nor deleted
  echo "the user's notes" > "$OF_T/out.$of_ext.tmp"
  cp "$OF_T/out.$of_ext.tmp" "$OF_T/notes"
  of_run $of_tool $of_in out.$of_ext; of_rc=$?
  if [ $of_rc -eq 0 ] && cmp -s "$OF_T/out.$of_ext.tmp" "$OF_T/notes" && cmp -s "$OF_T/out.$of_ext" "$OF_T/ref.$of_ext"; then pass "outfile $of_tool: the user's OUT.tmp is left alone"
  else fail "outfile $of_tool: the user's OUT.tmp is left alone" "status $of_rc; $(ls -l "$OF_T")"; fi

  # -o - is standard output (and no file named '-' appears)
  (cd "$OF_T" && timeout 20 "$OF_B/$of_tool" $( [ $of_tool = awasm ] && echo -q ) $of_in -o - > "$OF_T/stdout.got"); of_rc=$?
  if [ $of_rc -eq 0 ] && [ ! -e "$OF_T/-" ] && cmp -s "$OF_T/stdout.got" "$OF_T/ref.$of_ext"; then pass "outfile $of_tool: -o - writes to standard output"
  else fail "outfile $of_tool: -o - writes to standard output" "status $of_rc; $(ls -l "$OF_T")"; fi
  rm -f "$OF_T/-"

  # an error leaves an existing OUT untouched
  echo "keep me" > "$OF_T/keep"
  cp "$OF_T/keep" "$OF_T/kept.$of_ext"
  of_run $of_tool $of_bad kept.$of_ext 2> /dev/null; of_rc=$?
  if [ $of_rc -eq 1 ] && cmp -s "$OF_T/kept.$of_ext" "$OF_T/keep"; then pass "outfile $of_tool: an error leaves OUT untouched"
  else fail "outfile $of_tool: an error leaves OUT untouched" "status $of_rc; $(cat "$OF_T/kept.$of_ext")"; fi

  # a replaced file keeps its permission bits
  echo old > "$OF_T/mode.$of_ext"
  chmod 640 "$OF_T/mode.$of_ext"
  (umask 022; of_run $of_tool $of_in mode.$of_ext); of_rc=$?
  of_mode=$(stat -c %a "$OF_T/mode.$of_ext")
  if [ $of_rc -eq 0 ] && [ "$of_mode" = 640 ] && cmp -s "$OF_T/mode.$of_ext" "$OF_T/ref.$of_ext"; then pass "outfile $of_tool: a replaced file keeps its mode 640"
  else fail "outfile $of_tool: a replaced file keeps its mode 640" "status $of_rc, mode $of_mode"; fi

  # no OUT.XXXXXX temporary is left behind by any of the above
  of_left=$(ls -a "$OF_T" | grep -E '\.[A-Za-z0-9]{6}$')
  if [ -z "$of_left" ]; then pass "outfile $of_tool: no temporary left behind"
  else fail "outfile $of_tool: no temporary left behind" "$of_left"; fi

  (cd "$OF_T" && rm -f fifo fifo2 link link2 target got got2 notes out.$of_ext out.$of_ext.tmp stdout.got keep kept.$of_ext mode.$of_ext self.err orig mknod.err ref.$of_ext)
done

# A full standard output (issue 39): every tool checks the final flush and close of standard
# output, as GNU tools do (isa_close_stdout): "PROG: write error: REASON", exit 2.  Before, awemu
# run, awemu config --show, awasm -l and the rest exited 0 having written nothing.  (/dev/full
# only ever receives standard output here; no tool is given a /dev path as a file name.)
printf 'echo hello\n' > "$OF_T/echo.aw"
printf '%064d\n' 0 > "$OF_T/lines.txt"
"$BIN/awasm" -q "$OF_T/z.s" -o "$OF_T/z.aws"
for of_cmd in "awasm -l z.s" "awasm --help" "awdis z.aws" "awemu run echo.aw" "awemu config --show" "awemu config --list" \
              "awemu config --table" "awemu --help" "awemu run --help" "awemu compress lines.txt" "awemu sweep --help" "awemu exec --help"; do
  of_tool=${of_cmd%% *}
  (cd "$OF_T" && timeout 30 "$OF_B"/$of_cmd > /dev/full 2> full.err); of_rc=$?
  # (awdis and awemu compress check their own writes and name the failure themselves: awdis
  # alone, compress followed by the final check's "awemu: write error")
  of_want="^$of_tool: write error: No space left on device\$"
  case $of_cmd in
    awdis*) of_want='^awdis: standard output: cannot write: No space left on device$' ;;
    *compress*) of_want='^awemu compress: cannot write the report: No space left on device$' ;;
  esac
  if [ $of_rc -eq 2 ] && grep -qE "$of_want" "$OF_T/full.err"; then
    pass "outfile: $of_cmd > /dev/full: a write error, exit 2"
  else fail "outfile: $of_cmd > /dev/full: status $of_rc (want 2 and '$of_want')" "$(cat "$OF_T/full.err")"; fi
done
# standard output closed: output that cannot go anywhere is an error; no output is none
(cd "$OF_T" && timeout 30 "$OF_B/awemu" run echo.aw >&- 2> closed.err); of_rc=$?
if [ $of_rc -eq 2 ] && grep -q '^awemu: write error: Bad file descriptor$' "$OF_T/closed.err"; then pass "outfile: awemu run with standard output closed: write error, exit 2"
else fail "outfile: awemu run with standard output closed: status $of_rc (want 2)" "$(cat "$OF_T/closed.err")"; fi
printf 'alloc x u8 4\n' > "$OF_T/quiet.aw"
(cd "$OF_T" && timeout 30 "$OF_B/awemu" run quiet.aw >&- 2> closed.err); of_rc=$?
if [ $of_rc -eq 0 ] && [ ! -s "$OF_T/closed.err" ]; then pass "outfile: a run that prints nothing, standard output closed: exit 0"
else fail "outfile: a run that prints nothing, standard output closed: status $of_rc (want 0)" "$(cat "$OF_T/closed.err")"; fi
rm -rf "$OF_T"
