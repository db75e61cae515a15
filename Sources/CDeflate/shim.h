#ifndef ICONPICK_CDEFLATE_SHIM_H
#define ICONPICK_CDEFLATE_SHIM_H

// libdeflate: whole-buffer zlib and raw DEFLATE decompression, and CRC-32, for the fast PNG path;
// zlib compression for kitty's images (o=z).
#include <libdeflate.h>

#endif
