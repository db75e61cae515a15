#ifndef ICONPICK_CPNG_SHIM_H
#define ICONPICK_CPNG_SHIM_H

// libpng's simplified API (png_image): no setjmp/longjmp, which Swift cannot survive.
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  struct iconpick_png_source *source = (struct iconpick_png_source *)png_get_error_ptr(png);
  snprintf(source->message, source->message_size, "%s", text ? text : "libpng error");
  longjmp(source->jump, 1);
}

static void iconpick_png_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

static void iconpick_png_read(png_structp png, png_bytep out, png_size_t length) {
  struct iconpick_png_source *source = (struct iconpick_png_source *)png_get_io_ptr(png);
  if (length > source->size - source->offset) {
    png_error(png, "the file ends inside the image data");
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
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_AS_DEFAULT, used, (int)(sizeof used / 5));
  png_set_chunk_cache_max(png, 16);
  png_set_chunk_malloc_max(png, 8000000);
  // Sizes are the caller's to judge (it says which limit a layer is over).
  png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
}

/// The size in the PNG's header, or 0 with a message.
static inline int iconpick_png_size(
    const unsigned char *data, size_t size, uint32_t *width, uint32_t *height, int *interlaced,
    char *message, size_t message_size) {
  struct iconpick_png_source source = {data, size, 0, {{0}}, message, message_size};
  png_structp png = png_create_read_struct(
      PNG_LIBPNG_VER_STRING, &source, iconpick_png_error, iconpick_png_warning);
  if (!png) { snprintf(message, message_size, "out of memory"); return 0; }
  png_infop info = png_create_info_struct(png);
  if (!info || setjmp(source.jump)) {
    png_destroy_read_struct(&png, info ? &info : NULL, NULL);
    return 0;
  }
  png_set_read_fn(png, &source, iconpick_png_read);
  iconpick_png_set_limits(png);
  png_read_info(png, info);
  *width = png_get_image_width(png, info);
  *height = png_get_image_height(png, info);
  *interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
  png_destroy_read_struct(&png, &info, NULL);
  return 1;
}

/// Decodes the PNG in `data` (not interlaced) one row at a time into `out`, `out_width` ×
/// `out_height` straight-alpha RGBA (8-bit), each target pixel the alpha-weighted mean of the
/// source pixels that fall in it (a box filter). Memory: one source row and one target row of
/// sums, besides `out`. Returns 1, or 0 with a message.
static inline int iconpick_png_read_scaled(
    const unsigned char *data, size_t size, uint32_t out_width, uint32_t out_height,
    unsigned char *out, char *message, size_t message_size) {
  struct iconpick_png_source source = {data, size, 0, {{0}}, message, message_size};
  png_structp png = png_create_read_struct(
      PNG_LIBPNG_VER_STRING, &source, iconpick_png_error, iconpick_png_warning);
  if (!png) { snprintf(message, message_size, "out of memory"); return 0; }
  png_infop info = png_create_info_struct(png);
  unsigned char *volatile row = NULL;
  uint64_t *volatile sums = NULL;
  if (!info || setjmp(source.jump)) {
    free(row);
    free(sums);
    png_destroy_read_struct(&png, info ? &info : NULL, NULL);
    return 0;
  }
  png_set_read_fn(png, &source, iconpick_png_read);
  iconpick_png_set_limits(png);
  png_read_info(png, info);
  uint32_t width = png_get_image_width(png, info);
  uint32_t height = png_get_image_height(png, info);
  if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) {
    png_error(png, "an interlaced image this large cannot be read row by row");
  }
  if (out_width == 0 || out_height == 0 || out_width > width || out_height > height) {
    png_error(png, "a target size outside the image's");
  }
  png_set_expand(png);
  png_set_strip_16(png);
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)width * 4) {
    png_error(png, "an unexpected row layout");
  }
  row = (unsigned char *)malloc((size_t)width * 4);
  sums = (uint64_t *)calloc((size_t)out_width * 4, sizeof(uint64_t));
  if (!row || !sums) { png_error(png, "out of memory"); }
  uint32_t target_row = 0;
  for (uint32_t y = 0; y < height; y++) {
    png_read_row(png, row, NULL);
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
  png_destroy_read_struct(&png, &info, NULL);
  return 1;
}

#endif
