/* emu/timing/mem.h -- a memory request, as it travels SM -> L1 -> crossbar -> L2 -> DRAM and back.
 *
 * One struct for every level: caches do not know who asked (the requester's
 * own reference is 'tag'), and DRAM does not know about compression: the
 * number of bursts a request moves is a property of the request.
 */
#ifndef AWEMU_TM_MEM_H
#define AWEMU_TM_MEM_H

#include "event.h"

enum { REQ_RD, REQ_WR, REQ_ATOM, REQ_WB, REQ_MD, REQ_PLAIN };   /* read, write, atomic (done at L2), write-back of a dirty line, metadata read,
                                                                  an SM's uncompressed copy of a line for an uncompressed L2 (l2_compressed off) */

typedef struct tm_req {
  struct tm_req *next;       /* the queue or MSHR list it waits in */
  uint64_t addr;             /* first byte (line-aligned below L1) */
  uint32_t sectors;          /* sector mask within the line, in the level's sector size */
  uint32_t bytes;            /* data bytes it moves */
  uint8_t kind;              /* REQ_RD ... */
  uint8_t bursts;            /* DRAM bursts (ceil(bytes / MAG), fewer for compressed lines) */
  uint8_t packed;            /* it carries compressed blocks (they are decompressed where the design says) */
  uint8_t partial;           /* design caba: a partial store to a compressed block, which stays compressed until its merge comes back */
  uint8_t pf;                /* an L1 read for a prefetch (prefetch.global.L1): the cache counts what becomes of it */
  uint8_t linked;            /* mem_link packet: its data has crossed the link */
  uint8_t plain;             /* a read L2 answered with its uncompressed copy (l2_compressed off): no assist warp decompresses it */
  uint8_t update;            /* design caba: a compression assist warp's payload that replaces its block's line in L2 (owner: a tm_pack) */
  uint8_t enc;               /* design caba: a packed store's encoding (its one block's, 'bytes' its payload) */
  uint8_t merged;            /* design caba: a partial store's merged line, going back whole (its SM's merge ends when it reaches L2) */
  uint16_t sm;               /* the requesting SM */
  uint32_t tag;              /* the requester's own number */
  void *owner;               /* the requester's own reference (the load it serves) */
  uint32_t up_sectors;       /* the L1 sectors it fetches (its sector mask at the level above) */
  uint32_t wait;             /* a read waiting in a cache's MSHR: its sectors still to come (cache.h) */
  uint32_t part, slice;      /* memory partition and L2 slice (tm_map) */
  uint32_t bank;             /* DRAM bank in the partition's channel */
  int64_t row;               /* DRAM row in that bank */
  tm_time born;              /* when the SM made it (latency statistics) */
  tm_time arrived;           /* when it entered the queue it is in */
  uint64_t seq;              /* its age in that queue (DRAM: smaller is older) */
} tm_req;

/* Whether DRAM reads it (a data or metadata read) rather than writes it. */
static inline int tm_req_reads(const tm_req *r) { return r->kind == REQ_RD || r->kind == REQ_MD; }

#endif
