/* emu/timing/link.h -- a packet-based memory link (the MPC paper's setting), one direction.
 *
 * Owns: when the link is free, the packet on it and the link's counters.
 * Data crosses in packets of at most max_payload bytes, each after a header
 * of header bytes; the payload is packed at bit granularity (a 32-byte
 * block's tag and compressed bytes, one after the other).  A transfer that
 * finds the link busy joins the packet on it while that has room (the
 * controller keeps filling the packet it is sending), else it starts a new
 * packet: a busy link pays one header per packet, an idle one per transfer.
 * Knows nothing of requests: the caller gives bits and a time.
 * Promises: deterministic; transfers leave in the order they are given.
 */
#ifndef AWEMU_TM_LINK_H
#define AWEMU_TM_LINK_H

#include "event.h"

typedef struct {
  double fs_per_bit;         /* femtoseconds a bit takes */
  uint64_t max_bits, header_bits;
  tm_time free;              /* when the link's last bit so far has crossed */
  uint64_t pkt_bits;         /* payload bits of the packet on the link (0: none) */
  uint64_t bits, packets;    /* counters: bits sent (headers included), packets */
  tm_time busy;              /* femtoseconds it carried bits */
} tm_link;

/* A link of bytes_per_s bytes a second, packets of at most max_payload bytes
 * after header_bytes of header, idle. */
void link_init(tm_link *l, double bytes_per_s, uint32_t max_payload, uint32_t header_bytes);
/* Idle again, counters zero (the rates kept). */
void link_reset(tm_link *l);
/* A transfer of 'bits' payload bits handed to the link at t: the time its
 * last bit has crossed. */
tm_time link_send(tm_link *l, uint64_t bits, tm_time t);

#endif
