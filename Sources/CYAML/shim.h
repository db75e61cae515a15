#ifndef ICONPICK_CYAML_SHIM_H
#define ICONPICK_CYAML_SHIM_H

// libyaml's event parser, for XcodeGen's project specs (`project.yml`). Linked through pkgConfig
// (yaml-0.1): a small library with no dependencies of its own.
#include <yaml.h>

#endif
