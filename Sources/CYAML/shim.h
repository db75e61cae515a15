#ifndef ICONPICK_CYAML_SHIM_H
#define ICONPICK_CYAML_SHIM_H

// libyaml's event parser, for XcodeGen's project specs (`project.yml`).
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

// libyaml is opened the first time a `project.yml` is read, not linked, so commands on other
// projects do not map it at start (about 0.06 M instructions of `--version`, callgrind). Its five
// functions are found with dlsym once, all together, from any thread; Swift calls them as
// `cy_NAME` after `cy_open()` (`cy_error()` says why it failed). Without the library the
// parser never initializes (`cy_yaml_parser_initialize` returns 0).

#define CY_FUNCTIONS(X) \
    X(yaml_parser_initialize) X(yaml_parser_delete) X(yaml_parser_set_input_string) \
    X(yaml_parser_parse) X(yaml_event_delete)

struct cy_library {
    void *handle;
    char error[160];
#define CY_FIELD(name) __typeof__(&name) name;
    CY_FUNCTIONS(CY_FIELD)
#undef CY_FIELD
};

// Function-local statics: Swift emits a header's inline functions, not its global variables.
static inline struct cy_library *cy_storage(void) {
    static struct cy_library loaded;
    return &loaded;
}

static inline pthread_once_t *cy_once_flag(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    return &once;
}

static void cy_load(void) {
    // ICONPICK_YAML_SONAME names another file (the tests name one that is not there).
    const char *name = getenv("ICONPICK_YAML_SONAME");
    if (name == NULL || name[0] == 0) name = "libyaml-0.so.2";
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(cy_storage()->error, sizeof cy_storage()->error,
                 "libyaml is not installed: apt-get install libyaml-0-2 (%s)",
                 reason != NULL ? reason : name);
        return;
    }
#define CY_FIND(name) \
    cy_storage()->name = (__typeof__(&name))dlsym(handle, #name); \
    if (cy_storage()->name == NULL) { \
        snprintf(cy_storage()->error, sizeof cy_storage()->error, \
                 "libyaml is too old (it has no %s): apt-get install a newer libyaml-0-2", #name); \
        return; \
    }
    CY_FUNCTIONS(CY_FIND)
#undef CY_FIND
    cy_storage()->handle = handle;
}

/// Opens libyaml unless it is open; false when it cannot be used (`cy_error` says why).
static inline bool cy_open(void) {
    pthread_once(cy_once_flag(), cy_load);
    return cy_storage()->handle != NULL;
}

/// Why libyaml cannot be used, or "" when it can.
static inline const char *cy_error(void) {
    pthread_once(cy_once_flag(), cy_load);
    return cy_storage()->error;
}

static inline int cy_yaml_parser_initialize(yaml_parser_t *parser) {
    if (!cy_open()) {
        memset(parser, 0, sizeof *parser);
        return 0;
    }
    return cy_storage()->yaml_parser_initialize(parser);
}

static inline void cy_yaml_parser_delete(yaml_parser_t *parser) {
    if (cy_open()) cy_storage()->yaml_parser_delete(parser);
}

static inline void cy_yaml_parser_set_input_string(
    yaml_parser_t *parser, const unsigned char *input, size_t size) {
    if (cy_open()) cy_storage()->yaml_parser_set_input_string(parser, input, size);
}

static inline int cy_yaml_parser_parse(yaml_parser_t *parser, yaml_event_t *event) {
    if (!cy_open()) {
        memset(event, 0, sizeof *event);
        return 0;
    }
    return cy_storage()->yaml_parser_parse(parser, event);
}

static inline void cy_yaml_event_delete(yaml_event_t *event) {
    if (cy_open()) cy_storage()->yaml_event_delete(event);
}

#endif
