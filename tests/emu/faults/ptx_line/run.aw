# ptx_line: the kernel has no .loc, so the fault gives the PTX file and line (16).  The
# file's directory depends on how awemu was started, so the fragment starts at its name.
# (Lane 6 traps at pc 2.)
load ${SCRIPT_DIR}/kernel.ptx
launch ptx_line 1 8
