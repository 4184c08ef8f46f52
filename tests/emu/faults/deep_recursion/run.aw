# deep_recursion: unbounded recursion.  The kernel's frame and 10000 frames of down exist
# when down's call (pc 3, line 111) tries to push one more, the 10001st nested call: past
# the default budget of 10000 nested calls per warp, so the fault names that call.
load ${SCRIPT_DIR}/kernel.ptx
launch deep_recursion 1 8
