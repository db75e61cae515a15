#ifndef ICONPICK_CPNG_SHIM_H
#define ICONPICK_CPNG_SHIM_H

// libpng's simplified API (png_image): no setjmp/longjmp, which Swift cannot survive.
#include <png.h>

#endif
