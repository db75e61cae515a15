#ifndef ICONPICK_CDEFLATE_SHIM_H
#define ICONPICK_CDEFLATE_SHIM_H

// libdeflate: whole-buffer zlib and raw DEFLATE decompression, and CRC-32, for the fast PNG path;
// zlib compression for kitty's images (o=z).
#include <dlfcn.h>
#include <libdeflate.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

// libdeflate is opened the first time a PNG is read or an image compressed, not linked, so
// commands that draw nothing do not map it at start (about 0.04 M instructions of `--version`,
// callgrind). Every function used is found with dlsym once, all together, from any thread;
// Swift calls them as `cd_NAME`. Without the library each one fails the way libdeflate does on
// bad input or no memory (NULL, LIBDEFLATE_BAD_DATA, 0), and the callers fall back: PNGs are read
// by libpng, kitty's images go uncompressed.

#define CD_FUNCTIONS(X) \
    X(libdeflate_alloc_decompressor) X(libdeflate_free_decompressor) \
    X(libdeflate_zlib_decompress) X(libdeflate_zlib_decompress_ex) \
    X(libdeflate_deflate_decompress_ex) X(libdeflate_alloc_compressor) \
    X(libdeflate_free_compressor) X(libdeflate_zlib_compress) X(libdeflate_crc32)

struct cd_library {
    void *handle;
#define CD_FIELD(name) __typeof__(&name) name;
    CD_FUNCTIONS(CD_FIELD)
#undef CD_FIELD
};

// Function-local statics: Swift emits a header's inline functions, not its global variables.
static inline struct cd_library *cd_storage(void) {
    static struct cd_library loaded;
    return &loaded;
}

static inline pthread_once_t *cd_once_flag(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    return &once;
}

static void cd_load(void) {
    // ICONPICK_DEFLATE_SONAME names another file (the tests name one that is not there).
    const char *name = getenv("ICONPICK_DEFLATE_SONAME");
    void *handle = dlopen(name != NULL && name[0] != 0 ? name : "libdeflate.so.0",
                          RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
#define CD_FIND(name) \
    cd_storage()->name = (__typeof__(&name))dlsym(handle, #name); \
    if (cd_storage()->name == NULL) return;
    CD_FUNCTIONS(CD_FIND)
#undef CD_FIND
    cd_storage()->handle = handle;
}

/// Opens libdeflate unless it is open; false when it is missing or lacks a function used.
static inline bool cd_open(void) {
    pthread_once(cd_once_flag(), cd_load);
    return cd_storage()->handle != NULL;
}

static inline struct libdeflate_decompressor *cd_libdeflate_alloc_decompressor(void) {
    return cd_open() ? cd_storage()->libdeflate_alloc_decompressor() : NULL;
}

static inline void cd_libdeflate_free_decompressor(struct libdeflate_decompressor *d) {
    if (cd_open()) cd_storage()->libdeflate_free_decompressor(d);
}

static inline enum libdeflate_result cd_libdeflate_zlib_decompress(
    struct libdeflate_decompressor *d, const void *in, size_t in_size, void *out,
    size_t out_size, size_t *actual_out) {
    if (!cd_open()) return LIBDEFLATE_BAD_DATA;
    return cd_storage()->libdeflate_zlib_decompress(d, in, in_size, out, out_size, actual_out);
}

static inline enum libdeflate_result cd_libdeflate_zlib_decompress_ex(
    struct libdeflate_decompressor *d, const void *in, size_t in_size, void *out,
    size_t out_size, size_t *actual_in, size_t *actual_out) {
    if (!cd_open()) return LIBDEFLATE_BAD_DATA;
    return cd_storage()->libdeflate_zlib_decompress_ex(
        d, in, in_size, out, out_size, actual_in, actual_out);
}

static inline enum libdeflate_result cd_libdeflate_deflate_decompress_ex(
    struct libdeflate_decompressor *d, const void *in, size_t in_size, void *out,
    size_t out_size, size_t *actual_in, size_t *actual_out) {
    if (!cd_open()) return LIBDEFLATE_BAD_DATA;
    return cd_storage()->libdeflate_deflate_decompress_ex(
        d, in, in_size, out, out_size, actual_in, actual_out);
}

static inline struct libdeflate_compressor *cd_libdeflate_alloc_compressor(int level) {
    return cd_open() ? cd_storage()->libdeflate_alloc_compressor(level) : NULL;
}

static inline void cd_libdeflate_free_compressor(struct libdeflate_compressor *c) {
    if (cd_open()) cd_storage()->libdeflate_free_compressor(c);
}

static inline size_t cd_libdeflate_zlib_compress(
    struct libdeflate_compressor *c, const void *in, size_t in_size, void *out,
    size_t out_size) {
    return cd_open() ? cd_storage()->libdeflate_zlib_compress(c, in, in_size, out, out_size) : 0;
}

static inline uint32_t cd_libdeflate_crc32(uint32_t crc, const void *buffer, size_t len) {
    return cd_open() ? cd_storage()->libdeflate_crc32(crc, buffer, len) : 0;
}

#endif
