/* emu/timing/link.c -- a packet-based memory link, one direction (see link.h). */
#include "link.h"

void link_init(tm_link *l, double bytes_per_s, uint32_t max_payload, uint32_t header_bytes) {
  l->fs_per_bit = 1e15 / (bytes_per_s * 8.0);
  l->max_bits = (uint64_t)max_payload * 8;
  l->header_bits = (uint64_t)header_bytes * 8;
  link_reset(l);
}

void link_reset(tm_link *l) {
  l->free = 0;
  l->pkt_bits = 0;
  l->bits = l->packets = 0;
  l->busy = 0;
}

static tm_time span(const tm_link *l, uint64_t bits) { return (tm_time)((double)bits * l->fs_per_bit + 0.5); }

tm_time link_send(tm_link *l, uint64_t bits, tm_time t) {
  uint64_t send = bits;
  if (t < l->free && l->pkt_bits && l->pkt_bits + bits <= l->max_bits) l->pkt_bits += bits;   /* joins the packet on the link */
  else {   /* a new packet (a transfer larger than a packet's payload goes in packets of its own) */
    uint64_t pkts = bits > l->max_bits ? (bits + l->max_bits - 1) / l->max_bits : 1;
    send += pkts * l->header_bits;
    l->packets += pkts;
    l->pkt_bits = bits - (pkts - 1) * l->max_bits;
    if (l->free < t) l->free = t;
  }
  tm_time d = span(l, send);
  l->free += d;
  l->busy += d;
  l->bits += send;
  return l->free;
}
