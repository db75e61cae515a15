#ifndef ICONPICK_CZIP_SHIM_H
#define ICONPICK_CZIP_SHIM_H

// libzip's types and constants only: nothing here is linked. IconArchive loads libzip with
// dlopen on first use, so commands that never open an .ipa do not pay for libzip and what it
// pulls in (gnutls, nettle, zstd, lzma, bz2) at start-up.
#include <zip.h>

#endif
