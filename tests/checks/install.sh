# tests/checks/install.sh -- make install: the installed tree is complete and works.
# Installs with DESTDIR into a mktemp -d directory (PREFIX=/opt/awemu under
# it; never a real prefix), checks the files, builds a host program against
# the installed header and library, and runs the installed awemu on a script
# from an unrelated working directory.  Sourced by tests/run.sh (pass, fail,
# $BIN, $BUILD).  Before this change there was no install target: every check
# failed.
IN_T=$(mktemp -d)
IN_P=/opt/awemu
IN_D="$IN_T/stage"
IN_R="$IN_D$IN_P"
if [ -n "$IN_T" ] && [ -d "$IN_T" ] &&
   ${MAKE:-make} --no-print-directory install DESTDIR="$IN_D" PREFIX="$IN_P" BIN="$BIN" BUILD="$BUILD" > "$IN_T/install.log" 2>&1; then
  pass "install: make install DESTDIR=... PREFIX=$IN_P"
else
  fail "install: make install DESTDIR=... PREFIX=$IN_P" "$(tail -5 "$IN_T/install.log")"
fi

# the files: tools, library, headers, and the subroutines' data as in the source tree
in_missing=
for f in bin/awasm bin/awdis bin/awemu; do [ -x "$IN_R/$f" ] && [ -f "$IN_R/$f" ] || in_missing="$in_missing $f"; done
for f in lib/libawemu.a include/awemu/awemu.h include/awemu/script.h; do [ -f "$IN_R/$f" ] || in_missing="$in_missing $f"; done
in_lib=$("$IN_R/bin/awemu" exec --libdir 2>&1)
[ "$in_lib" = "$IN_R/lib/awemu" ] && [ -f "$IN_R/lib/awemu/libcudart.so.13" ] || in_missing="$in_missing lib/awemu/libcudart.so.13 (awemu exec --libdir: $in_lib)"
[ -z "$in_missing" ] && pass "install: bin/, lib/libawemu.a, lib/awemu/libcudart.so.13 (found by awemu exec), include/awemu/" || fail "install: bin/, lib/libawemu.a, include/awemu/" "missing:$in_missing"
(cd subroutines && find . -type f \( -name '*.s' -o -name '*.md' -o -path '*/params/*' \) | sort) > "$IN_T/want.lst"
(cd "$IN_R/share/awemu/subroutines" 2>/dev/null && find . -type f | sort) > "$IN_T/got.lst"
if grep -q '\.s$' "$IN_T/want.lst" && cmp -s "$IN_T/want.lst" "$IN_T/got.lst"; then
  in_same=1
  while read -r f; do cmp -s "subroutines/$f" "$IN_R/share/awemu/subroutines/$f" || in_same=0; done < "$IN_T/want.lst"
  [ $in_same = 1 ] && pass "install: share/awemu/subroutines holds the $(wc -l < "$IN_T/want.lst") .s, .md and parameter files" ||
    fail "install: share/awemu/subroutines: a file differs from the source tree"
else
  fail "install: share/awemu/subroutines holds the .s, .md and parameter files" "$(diff "$IN_T/want.lst" "$IN_T/got.lst" | head)"
fi

# a tiny kernel: out[i] = 3 * i + 1 for the 32 threads of one block
cat > "$IN_T/k.ptx" <<'EOF'
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	mad.lo.u32 %r2, %r1, 3, 1;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd2, %rd2, %rd3;
	st.global.u32 [%rd2], %r2;
	ret;
}
EOF

# a host program against the installed header and library only
{
  echo '#include <awemu/awemu.h>'
  echo '#include <stdio.h>'
  echo '#include <stdlib.h>'
  echo 'static const char ptx[] ='
  sed 's/\\/\\\\/g; s/"/\\"/g; s/^/  "/; s/$/\\n"/' "$IN_T/k.ptx"
  cat <<'EOF'
  ;
int main(void) {
  char err[4096];
  aw_device *d = aw_device_new();
  if (!d) return 2;
  aw_module *m = aw_module_load_text(d, "k.ptx", ptx, sizeof ptx - 1, err, sizeof err);
  if (!m) { fprintf(stderr, "load: %s\n", err); return 1; }
  int k = aw_kernel_find(m, "k");
  uint64_t out = aw_malloc(d, 32 * 4);
  if (k < 0 || !out) { fprintf(stderr, "no kernel or memory\n"); return 1; }
  aw_dim3 grid = { 1, 1, 1 }, block = { 32, 1, 1 };
  aw_fault f;
  if (aw_launch(d, m, k, grid, block, 0, &out, sizeof out, &f) != AW_OK) {
    aw_fault_format(&f, err, sizeof err);
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  uint32_t v[32];
  if (aw_memcpy_dtoh(d, v, out, sizeof v) != AW_OK) return 1;
  for (uint32_t i = 0; i < 32; i++)
    if (v[i] != 3 * i + 1) { fprintf(stderr, "out[%u] = %u, expected %u\n", i, v[i], 3 * i + 1); return 1; }
  printf("ok %u\n", v[31]);
  aw_device_free(d);
  return 0;
}
EOF
} > "$IN_T/host.c"
# 3 * 31 + 1 = 94
if ${CC:-cc} -std=c11 $EXTRA_CFLAGS "$IN_T/host.c" -I"$IN_R/include" -L"$IN_R/lib" -lawemu -lm -o "$IN_T/host" > "$IN_T/cc.log" 2>&1; then
  if [ "$("$IN_T/host" 2>&1)" = "ok 94" ]; then pass "install: a host program built against include/awemu and -lawemu runs a kernel"
  else fail "install: a host program built against include/awemu and -lawemu runs a kernel" "$("$IN_T/host" 2>&1 | head -3)"; fi
else
  fail "install: a host program compiles against include/awemu and -lawemu" "$(head -5 "$IN_T/cc.log")"
fi

# the installed awemu, run from an unrelated directory on a script that loads by absolute path
mkdir -p "$IN_T/elsewhere/scripts" "$IN_T/cwd"
printf 'load %s\nalloc out u32 32\nlaunch k 1 32 out\nexpect out at 0 1\nexpect out at 31 94\n' "$IN_T/k.ptx" > "$IN_T/elsewhere/scripts/k.aw"
(cd "$IN_T/cwd" && timeout 30 "$IN_R/bin/awemu" run "$IN_T/elsewhere/scripts/k.aw" > "$IN_T/run.out" 2>&1); in_rc=$?
[ $in_rc -eq 0 ] && pass "install: the installed awemu runs a script from another directory" ||
  fail "install: the installed awemu runs a script from another directory" "status $in_rc: $(head -3 "$IN_T/run.out")"
# the installed assembler assembles the installed subroutines
(cd "$IN_T/cwd" && "$IN_R/bin/awasm" -q "$IN_R/share/awemu/subroutines/demo/zero_line.s" -o z.aws && "$IN_R/bin/awdis" z.aws > /dev/null) &&
  pass "install: the installed awasm and awdis handle the installed subroutines" ||
  fail "install: the installed awasm and awdis handle the installed subroutines"
rm -rf "$IN_T"
