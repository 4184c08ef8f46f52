# nested_loops: a lane-dependent loop holding an if/else whose then side is another
# lane-dependent loop (see kernel.ptx); every lane logs activemask at each point it passes.
# Three warps (32, 32 and 16 lanes) with random trip counts, against ref.c.
load ${SCRIPT_DIR}/kernel.ptx
alloc a u32 80
alloc b u32 80
alloc c u32 80
alloc log u32 5120
alloc cnt u32 80
fill a file ${DATA}/a.bin
fill b file ${DATA}/b.bin
fill c file ${DATA}/c.bin
launch nested_loops 1 80 a b c log cnt
expect cnt file ${DATA}/cnt.bin
expect log file ${DATA}/log.bin
