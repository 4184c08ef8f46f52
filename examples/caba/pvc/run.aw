# pvc: page view count (Mars PageViewCount) over a web log of 196608 records of 8 ints
# {time, page, user, status, bytes, referrer, agent, latency} (32 bytes each, 6 MiB),
# grid 768 x block 256, one record per thread: map (key = page of a person's successful
# request inside the time window, else -1) and count per page by atomicAdd (integers:
# order-independent) into 4096 counters. Two launches, two reporting windows, each with
# its own views array; 13.5 MiB of DRAM traffic.
# Log lines (4 records: close timestamps, small other fields) mostly take BDI 2-byte deltas.
# class: bandwidth (DRAM-bandwidth-bound under caba-gtx480, compressible data)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/pvc.ptx
alloc log s32 1572864
alloc keys s32 196608
alloc views1 s32 4096
alloc views2 s32 4096
fill log file ${DATA}/log.bin
# pvc_count(.u64 log, .u32 n, .u32 t0, .u32 t1, .u64 keys, .u64 views)
launch pvc_count 768 256 log u32:196608 u32:1700000300 u32:1700007200 keys views1
expect keys file ${DATA}/keys_1.bin
expect views1 file ${DATA}/views_1.bin
launch pvc_count 768 256 log u32:196608 u32:1700007200 u32:1700012966 keys views2
expect keys file ${DATA}/keys_2.bin
expect views2 file ${DATA}/views_2.bin
