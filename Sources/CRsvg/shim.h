#ifndef ICONPICK_CRSVG_SHIM_H
#define ICONPICK_CRSVG_SHIM_H

// librsvg draws an Icon Composer layer's SVG onto a cairo context; gdk-pixbuf (which librsvg
// brings) decodes its JPEG layers; GIO gives librsvg the base file that bounds what an SVG may
// load (only files under the SVG's own folder).
#include <gio/gio.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <librsvg/rsvg.h>

#endif
