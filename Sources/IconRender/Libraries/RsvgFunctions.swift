// swift-format-ignore-file: AlwaysUseLowerCamelCase

internal import CCairo
internal import CRsvg

// The librsvg, GLib, GIO and gdk-pixbuf functions IconRender calls, each with the signature
// Swift imports from the headers, forwarded to the library SVGStack opens (the last three are
// found through librsvg, which depends on them). As for cairo (CairoFunctions.swift): calling a
// function missing here fails the link; to add one, copy its imported signature and forward it.

private func rsvg<Function>(_ symbol: String, as type: Function.Type) -> Function {
  SVGStack.function(symbol, in: SVGStack.rsvg, as: type)
}

/// The `GError **` that GLib functions fill in.
typealias GErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<GError>?>

// MARK: GLib and GIO

func g_bytes_new(_ data: gconstpointer!, _ size: gsize) -> OpaquePointer! {
  rsvg("g_bytes_new", as: (@convention(c) (gconstpointer?, gsize) -> OpaquePointer?).self)(
    data, size)
}
func g_bytes_unref(_ bytes: OpaquePointer!) {
  rsvg("g_bytes_unref", as: (@convention(c) (OpaquePointer?) -> Void).self)(bytes)
}
func g_error_free(_ error: UnsafeMutablePointer<GError>!) {
  rsvg("g_error_free", as: (@convention(c) (UnsafeMutablePointer<GError>?) -> Void).self)(error)
}
func g_file_new_for_path(_ path: UnsafePointer<CChar>!) -> OpaquePointer! {
  rsvg(
    "g_file_new_for_path", as: (@convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?).self)(
      path)
}
func g_memory_input_stream_new_from_bytes(_ bytes: OpaquePointer!)
  -> UnsafeMutablePointer<GInputStream>!
{
  rsvg(
    "g_memory_input_stream_new_from_bytes",
    as: (@convention(c) (OpaquePointer?) -> UnsafeMutablePointer<GInputStream>?).self)(bytes)
}
func g_object_unref(_ object: gpointer!) {
  rsvg("g_object_unref", as: (@convention(c) (gpointer?) -> Void).self)(object)
}

// MARK: gdk-pixbuf

func gdk_pixbuf_get_bits_per_sample(_ pixbuf: OpaquePointer!) -> Int32 {
  rsvg("gdk_pixbuf_get_bits_per_sample", as: (@convention(c) (OpaquePointer?) -> Int32).self)(
    pixbuf)
}
func gdk_pixbuf_get_height(_ pixbuf: OpaquePointer!) -> Int32 {
  rsvg("gdk_pixbuf_get_height", as: (@convention(c) (OpaquePointer?) -> Int32).self)(pixbuf)
}
func gdk_pixbuf_get_n_channels(_ pixbuf: OpaquePointer!) -> Int32 {
  rsvg("gdk_pixbuf_get_n_channels", as: (@convention(c) (OpaquePointer?) -> Int32).self)(pixbuf)
}
func gdk_pixbuf_get_rowstride(_ pixbuf: OpaquePointer!) -> Int32 {
  rsvg("gdk_pixbuf_get_rowstride", as: (@convention(c) (OpaquePointer?) -> Int32).self)(pixbuf)
}
func gdk_pixbuf_get_width(_ pixbuf: OpaquePointer!) -> Int32 {
  rsvg("gdk_pixbuf_get_width", as: (@convention(c) (OpaquePointer?) -> Int32).self)(pixbuf)
}
func gdk_pixbuf_loader_close(
  _ loader: UnsafeMutablePointer<GdkPixbufLoader>!, _ error: GErrorOut!
) -> gboolean {
  rsvg(
    "gdk_pixbuf_loader_close",
    as: (@convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, GErrorOut?) -> gboolean).self)(
      loader, error)
}
func gdk_pixbuf_loader_get_pixbuf(_ loader: UnsafeMutablePointer<GdkPixbufLoader>!)
  -> OpaquePointer!
{
  rsvg(
    "gdk_pixbuf_loader_get_pixbuf",
    as: (@convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?) -> OpaquePointer?).self)(loader)
}
func gdk_pixbuf_loader_new_with_type(_ image_type: UnsafePointer<CChar>!, _ error: GErrorOut!)
  -> UnsafeMutablePointer<GdkPixbufLoader>!
{
  rsvg(
    "gdk_pixbuf_loader_new_with_type",
    as: (@convention(c) (UnsafePointer<CChar>?, GErrorOut?) -> UnsafeMutablePointer<
      GdkPixbufLoader
    >?).self)(image_type, error)
}
func gdk_pixbuf_loader_write(
  _ loader: UnsafeMutablePointer<GdkPixbufLoader>!, _ buf: UnsafePointer<guchar>!,
  _ count: gsize, _ error: GErrorOut!
) -> gboolean {
  rsvg(
    "gdk_pixbuf_loader_write",
    as: (@convention(c) (
      UnsafeMutablePointer<GdkPixbufLoader>?, UnsafePointer<guchar>?, gsize, GErrorOut?
    ) -> gboolean).self)(loader, buf, count, error)
}
func gdk_pixbuf_read_pixels(_ pixbuf: OpaquePointer!) -> UnsafePointer<guint8>! {
  rsvg(
    "gdk_pixbuf_read_pixels",
    as: (@convention(c) (OpaquePointer?) -> UnsafePointer<guint8>?).self)(pixbuf)
}

// MARK: librsvg

func rsvg_handle_get_intrinsic_dimensions(
  _ handle: UnsafeMutablePointer<RsvgHandle>!, _ out_has_width: UnsafeMutablePointer<gboolean>!,
  _ out_width: UnsafeMutablePointer<RsvgLength>!,
  _ out_has_height: UnsafeMutablePointer<gboolean>!,
  _ out_height: UnsafeMutablePointer<RsvgLength>!,
  _ out_has_viewbox: UnsafeMutablePointer<gboolean>!,
  _ out_viewbox: UnsafeMutablePointer<RsvgRectangle>!
) {
  rsvg(
    "rsvg_handle_get_intrinsic_dimensions",
    as: (@convention(c) (
      UnsafeMutablePointer<RsvgHandle>?, UnsafeMutablePointer<gboolean>?,
      UnsafeMutablePointer<RsvgLength>?, UnsafeMutablePointer<gboolean>?,
      UnsafeMutablePointer<RsvgLength>?, UnsafeMutablePointer<gboolean>?,
      UnsafeMutablePointer<RsvgRectangle>?
    ) -> Void).self)(
      handle, out_has_width, out_width, out_has_height, out_height, out_has_viewbox,
      out_viewbox)
}
func rsvg_handle_get_intrinsic_size_in_pixels(
  _ handle: UnsafeMutablePointer<RsvgHandle>!, _ out_width: UnsafeMutablePointer<gdouble>!,
  _ out_height: UnsafeMutablePointer<gdouble>!
) -> gboolean {
  rsvg(
    "rsvg_handle_get_intrinsic_size_in_pixels",
    as: (@convention(c) (
      UnsafeMutablePointer<RsvgHandle>?, UnsafeMutablePointer<gdouble>?,
      UnsafeMutablePointer<gdouble>?
    ) -> gboolean).self)(handle, out_width, out_height)
}
func rsvg_handle_new_from_stream_sync(
  _ input_stream: UnsafeMutablePointer<GInputStream>!, _ base_file: OpaquePointer!,
  _ flags: RsvgHandleFlags, _ cancellable: UnsafeMutablePointer<GCancellable>!,
  _ error: GErrorOut!
) -> UnsafeMutablePointer<RsvgHandle>! {
  rsvg(
    "rsvg_handle_new_from_stream_sync",
    as: (@convention(c) (
      UnsafeMutablePointer<GInputStream>?, OpaquePointer?, RsvgHandleFlags,
      UnsafeMutablePointer<GCancellable>?, GErrorOut?
    ) -> UnsafeMutablePointer<RsvgHandle>?).self)(
      input_stream, base_file, flags, cancellable, error)
}
func rsvg_handle_render_document(
  _ handle: UnsafeMutablePointer<RsvgHandle>!, _ cr: OpaquePointer!,
  _ viewport: UnsafePointer<RsvgRectangle>!, _ error: GErrorOut!
) -> gboolean {
  rsvg(
    "rsvg_handle_render_document",
    as: (@convention(c) (
      UnsafeMutablePointer<RsvgHandle>?, OpaquePointer?, UnsafePointer<RsvgRectangle>?,
      GErrorOut?
    ) -> gboolean).self)(handle, cr, viewport, error)
}
