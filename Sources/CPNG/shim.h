#ifndef ICONPICK_CPNG_SHIM_H
#define ICONPICK_CPNG_SHIM_H

// libpng's simplified API (png_image): no setjmp/longjmp, which Swift cannot survive.
#include <dlfcn.h>
#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libpng (and the zlib it brings) is opened the first time an image is read or written, not
// linked: mapping and relocating the two cost every command about 0.21 M instructions at start
// (callgrind), `--version` included. Every function used is found with dlsym once, all
// together, from any thread (`CP_FUNCTIONS`); Swift calls them as `cp_NAME`. Without the
// library, `cp_png_open` is false and each forwarder fails the way libpng would: 0, NULL, or a
// `png_image` whose message says what to install.

#define CP_FUNCTIONS(X) \
    X(png_image_begin_read_from_memory) X(png_image_finish_read) X(png_image_free) \
    X(png_image_write_to_memory) X(png_image_write_to_file) X(png_create_read_struct) \
    X(png_create_info_struct) X(png_destroy_read_struct) X(png_get_error_ptr) X(png_get_io_ptr) \
    X(png_error) X(png_set_read_fn) X(png_set_keep_unknown_chunks) X(png_set_chunk_cache_max) \
    X(png_set_chunk_malloc_max) X(png_set_user_limits) X(png_read_info) \
    X(png_get_image_width) X(png_get_image_height) X(png_get_interlace_type) X(png_set_expand) \
    X(png_set_strip_16) X(png_set_gray_to_rgb) X(png_set_add_alpha) X(png_read_update_info) \
    X(png_get_rowbytes) X(png_read_row)

struct cp_library {
    void *handle;
    char error[160];
#define CP_FIELD(name) __typeof__(&name) name;
    CP_FUNCTIONS(CP_FIELD)
#undef CP_FIELD
};

// Function-local statics: Swift emits a header's inline functions, not its global variables.
static inline struct cp_library *cp_storage(void) {
    static struct cp_library loaded;
    return &loaded;
}

static inline pthread_once_t *cp_once_flag(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    return &once;
}

static void cp_load(void) {
    // ICONPICK_PNG_SONAME names another file (the tests name one that is not there).
    const char *name = getenv("ICONPICK_PNG_SONAME");
    if (name == NULL || name[0] == 0) name = "libpng16.so.16";
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(cp_storage()->error, sizeof cp_storage()->error,
                 "libpng is not installed: apt-get install libpng16-16 (%s)",
                 reason != NULL ? reason : name);
        return;
    }
#define CP_FIND(name) \
    cp_storage()->name = (__typeof__(&name))dlsym(handle, #name); \
    if (cp_storage()->name == NULL) { \
        snprintf(cp_storage()->error, sizeof cp_storage()->error, \
                 "libpng is too old (it has no %s): apt-get install a newer libpng16-16", #name); \
        return; \
    }
    CP_FUNCTIONS(CP_FIND)
#undef CP_FIND
    cp_storage()->handle = handle;
}

/// Opens libpng unless it is open; false when it cannot be used (`cp_png_error` says why).
static inline bool cp_png_open(void) {
    pthread_once(cp_once_flag(), cp_load);
    return cp_storage()->handle != NULL;
}

/// Why libpng cannot be used, or "" when it can.
static inline const char *cp_png_error(void) {
    pthread_once(cp_once_flag(), cp_load);
    return cp_storage()->error;
}

// The simplified API, as Swift calls it: without libpng, a failure whose message says why.
static inline void cp_png_image_failure(png_imagep image) {
    snprintf(image->message, sizeof image->message, "%s", "libpng is not installed");
}

static inline int cp_png_image_begin_read_from_memory(
    png_imagep image, png_const_voidp memory, size_t size) {
    if (!cp_png_open()) { cp_png_image_failure(image); return 0; }
    return cp_storage()->png_image_begin_read_from_memory(image, memory, size);
}

static inline int cp_png_image_finish_read(
    png_imagep image, png_const_colorp background, void *buffer, png_int_32 row_stride,
    void *colormap) {
    if (!cp_png_open()) { cp_png_image_failure(image); return 0; }
    return cp_storage()->png_image_finish_read(image, background, buffer, row_stride, colormap);
}

static inline void cp_png_image_free(png_imagep image) {
    if (cp_png_open()) cp_storage()->png_image_free(image);
}

static inline int cp_png_image_write_to_memory(
    png_imagep image, void *memory, png_alloc_size_t *memory_bytes, int convert_to_8_bit,
    const void *buffer, png_int_32 row_stride, const void *colormap) {
    if (!cp_png_open()) { cp_png_image_failure(image); return 0; }
    return cp_storage()->png_image_write_to_memory(
        image, memory, memory_bytes, convert_to_8_bit, buffer, row_stride, colormap);
}

static inline int cp_png_image_write_to_file(
    png_imagep image, const char *file, int convert_to_8_bit, const void *buffer,
    png_int_32 row_stride, const void *colormap) {
    if (!cp_png_open()) { cp_png_image_failure(image); return 0; }
    return cp_storage()->png_image_write_to_file(
        image, file, convert_to_8_bit, buffer, row_stride, colormap);
}

// The row-by-row reader below calls libpng's full API through the table; it checks
// cp_png_open() before its first call.
#define CP_CALL(name) (cp_storage()->name)

// One exception: iconpick_png_read_scaled reads a large PNG row by row (the simplified API
// decodes the whole image at once) and keeps setjmp, longjmp and every libpng call inside this
// one C function, so no Swift frame is ever jumped over.

struct iconpick_png_source {
  const unsigned char *data;
  size_t size;
  size_t offset;
  jmp_buf jump;
  char *message;
  size_t message_size;
};

static void iconpick_png_error(png_structp png, png_const_charp text) {
  struct iconpick_png_source *source = (struct iconpick_png_source *)CP_CALL(png_get_error_ptr)(png);
  snprintf(source->message, source->message_size, "%s", text ? text : "libpng error");
  longjmp(source->jump, 1);
}

static void iconpick_png_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

static void iconpick_png_read(png_structp png, png_bytep out, png_size_t length) {
  struct iconpick_png_source *source = (struct iconpick_png_source *)CP_CALL(png_get_io_ptr)(png);
  if (length > source->size - source->offset) {
    CP_CALL(png_error)(png, "the file ends inside the image data");
  }
  memcpy(out, source->data + source->offset, length);
  source->offset += length;
}

/// libpng's limits for iconpick's reads (the caller has checked the chunk list too: see
/// PNGChunkList.swift): every ancillary chunk but the ones libpng's simplified API reads
/// pixels with (PNGChunkList.usedAncillary) is skipped unread, in pieces, as that API skips
/// them after the header, so no text chunk is ever allocated; no more than a few unknown
/// chunks are kept, and none over libpng's default 8 MB.
static inline void iconpick_png_set_limits(png_structp png) {
  static const png_byte used[] = {
      'b', 'K', 'G', 'D', 0, 'c', 'H', 'R', 'M', 0, 'c', 'I', 'C', 'P', 0,
      'g', 'A', 'M', 'A', 0, 'i', 'C', 'C', 'P', 0, 'm', 'D', 'C', 'V', 0,
      's', 'B', 'I', 'T', 0, 's', 'R', 'G', 'B', 0};
  CP_CALL(png_set_keep_unknown_chunks)(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
  CP_CALL(png_set_keep_unknown_chunks)(png, PNG_HANDLE_CHUNK_AS_DEFAULT, used, (int)(sizeof used / 5));
  CP_CALL(png_set_chunk_cache_max)(png, 16);
  CP_CALL(png_set_chunk_malloc_max)(png, 8000000);
  // Sizes are the caller's to judge (it says which limit a layer is over).
  CP_CALL(png_set_user_limits)(png, 0x7fffffff, 0x7fffffff);
}

/// The size in the PNG's header, or 0 with a message.
static inline int iconpick_png_size(
    const unsigned char *data, size_t size, uint32_t *width, uint32_t *height, int *interlaced,
    char *message, size_t message_size) {
  if (!cp_png_open()) { snprintf(message, message_size, "%s", cp_png_error()); return 0; }
  struct iconpick_png_source source = {data, size, 0, {{0}}, message, message_size};
  png_structp png = CP_CALL(png_create_read_struct)(
      PNG_LIBPNG_VER_STRING, &source, iconpick_png_error, iconpick_png_warning);
  if (!png) { snprintf(message, message_size, "out of memory"); return 0; }
  png_infop info = CP_CALL(png_create_info_struct)(png);
  if (!info || setjmp(source.jump)) {
    CP_CALL(png_destroy_read_struct)(&png, info ? &info : NULL, NULL);
    return 0;
  }
  CP_CALL(png_set_read_fn)(png, &source, iconpick_png_read);
  iconpick_png_set_limits(png);
  CP_CALL(png_read_info)(png, info);
  *width = CP_CALL(png_get_image_width)(png, info);
  *height = CP_CALL(png_get_image_height)(png, info);
  *interlaced = CP_CALL(png_get_interlace_type)(png, info) != PNG_INTERLACE_NONE;
  CP_CALL(png_destroy_read_struct)(&png, &info, NULL);
  return 1;
}

/// Decodes the PNG in `data` (not interlaced) one row at a time into `out`, `out_width` ×
/// `out_height` straight-alpha RGBA (8-bit), each target pixel the alpha-weighted mean of the
/// source pixels that fall in it (a box filter). Memory: one source row and one target row of
/// sums, besides `out`. Returns 1, or 0 with a message.
static inline int iconpick_png_read_scaled(
    const unsigned char *data, size_t size, uint32_t out_width, uint32_t out_height,
    unsigned char *out, char *message, size_t message_size) {
  if (!cp_png_open()) { snprintf(message, message_size, "%s", cp_png_error()); return 0; }
  struct iconpick_png_source source = {data, size, 0, {{0}}, message, message_size};
  png_structp png = CP_CALL(png_create_read_struct)(
      PNG_LIBPNG_VER_STRING, &source, iconpick_png_error, iconpick_png_warning);
  if (!png) { snprintf(message, message_size, "out of memory"); return 0; }
  png_infop info = CP_CALL(png_create_info_struct)(png);
  unsigned char *volatile row = NULL;
  uint64_t *volatile sums = NULL;
  if (!info || setjmp(source.jump)) {
    free(row);
    free(sums);
    CP_CALL(png_destroy_read_struct)(&png, info ? &info : NULL, NULL);
    return 0;
  }
  CP_CALL(png_set_read_fn)(png, &source, iconpick_png_read);
  iconpick_png_set_limits(png);
  CP_CALL(png_read_info)(png, info);
  uint32_t width = CP_CALL(png_get_image_width)(png, info);
  uint32_t height = CP_CALL(png_get_image_height)(png, info);
  if (CP_CALL(png_get_interlace_type)(png, info) != PNG_INTERLACE_NONE) {
    CP_CALL(png_error)(png, "an interlaced image this large cannot be read row by row");
  }
  if (out_width == 0 || out_height == 0 || out_width > width || out_height > height) {
    CP_CALL(png_error)(png, "a target size outside the image's");
  }
  CP_CALL(png_set_expand)(png);
  CP_CALL(png_set_strip_16)(png);
  CP_CALL(png_set_gray_to_rgb)(png);
  CP_CALL(png_set_add_alpha)(png, 0xff, PNG_FILLER_AFTER);
  CP_CALL(png_read_update_info)(png, info);
  if (CP_CALL(png_get_rowbytes)(png, info) != (size_t)width * 4) {
    CP_CALL(png_error)(png, "an unexpected row layout");
  }
  row = (unsigned char *)malloc((size_t)width * 4);
  sums = (uint64_t *)calloc((size_t)out_width * 4, sizeof(uint64_t));
  if (!row || !sums) { CP_CALL(png_error)(png, "out of memory"); }
  uint32_t target_row = 0;
  for (uint32_t y = 0; y < height; y++) {
    CP_CALL(png_read_row)(png, row, NULL);
    uint32_t ty = (uint32_t)((uint64_t)y * out_height / height);
    for (uint32_t x = 0; x < width; x++) {
      uint32_t tx = (uint32_t)((uint64_t)x * out_width / width);
      const unsigned char *p = row + (size_t)x * 4;
      uint64_t *s = sums + (size_t)tx * 4;
      s[0] += (uint64_t)p[0] * p[3];
      s[1] += (uint64_t)p[1] * p[3];
      s[2] += (uint64_t)p[2] * p[3];
      s[3] += p[3];
    }
    uint32_t next = y + 1 < height ? (uint32_t)((uint64_t)(y + 1) * out_height / height) : out_height;
    if (next != ty) {
      // The target row is complete: how many source rows fell in it, times its columns.
      uint64_t first = ((uint64_t)ty * height + out_height - 1) / out_height;
      uint64_t rows = (uint64_t)y + 1 - first;
      for (uint32_t tx = 0; tx < out_width; tx++) {
        uint64_t left = ((uint64_t)tx * width + out_width - 1) / out_width;
        uint64_t right = ((uint64_t)(tx + 1) * width + out_width - 1) / out_width;
        uint64_t count = rows * (right - left);
        uint64_t *s = sums + (size_t)tx * 4;
        unsigned char *o = out + ((size_t)ty * out_width + tx) * 4;
        if (s[3] == 0 || count == 0) {
          o[0] = o[1] = o[2] = o[3] = 0;
        } else {
          o[0] = (unsigned char)((s[0] + s[3] / 2) / s[3]);
          o[1] = (unsigned char)((s[1] + s[3] / 2) / s[3]);
          o[2] = (unsigned char)((s[2] + s[3] / 2) / s[3]);
          o[3] = (unsigned char)((s[3] + count / 2) / count);
        }
        s[0] = s[1] = s[2] = s[3] = 0;
      }
      target_row = ty + 1;
    }
  }
  (void)target_row;
  free(row);
  free(sums);
  CP_CALL(png_destroy_read_struct)(&png, &info, NULL);
  return 1;
}

#endif
