# tex_bad_handle: a tex whose handle (0x1234) names no texture object faults (kernel.ptx, line
# 12).  Before, tex did not assemble.
load ${SCRIPT_DIR}/kernel.ptx
launch tex_bad_handle 1 32 u64:0x1234
