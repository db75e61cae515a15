#ifndef ICONPICK_CCAIRO_SHIM_H
#define ICONPICK_CCAIRO_SHIM_H

// cairo's image surfaces and 2D drawing: Icon Composer layers are composited with it.
#include <cairo.h>

#endif
