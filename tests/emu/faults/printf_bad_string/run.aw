# printf_bad_string: lane 3's %s argument points outside mapped device memory: the launch faults
# naming the kernel, the lane, the pc and the address, and nothing of the launch's printf is lost
# silently (the other lanes' lines are written at the launch's end).
load ${SCRIPT_DIR}/kernel.ptx
alloc s u8 8
fill s hex 6869210000
launch pr 1 8 s
