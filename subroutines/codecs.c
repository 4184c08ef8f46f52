/* subroutines/codecs.c -- the registry of reference codecs. */
#include "codec.h"

#include <string.h>

extern const codec codec_bdi, codec_magbdi, codec_fpc, codec_cpack, codec_cpack_classic, codec_mpc;

const codec *const codecs[] = { &codec_bdi, &codec_fpc, &codec_cpack, &codec_cpack_classic, &codec_magbdi, &codec_mpc, NULL };

const codec *codec_find(const char *name) {
  for (int i = 0; codecs[i]; i++) if (!strcmp(codecs[i]->name, name)) return codecs[i];
  return NULL;
}
