// swift-format-ignore-file: AlwaysUseLowerCamelCase

internal import CCairo

// The cairo functions IconRender calls, each with the signature Swift imports from <cairo.h>,
// forwarded to the library SVGStack opens. Swift prefers a module's own declarations to
// imported ones, so the drawing code reads as plain C calls; the package does not link cairo,
// so calling a function missing here fails the link ("undefined reference to `cairo_…'").
// To add one: copy its imported signature and forward it as below.

private func cairo<Function>(_ symbol: String, as type: Function.Type) -> Function {
  SVGStack.function(symbol, in: SVGStack.cairo, as: type)
}

func cairo_clip(_ cr: OpaquePointer!) {
  cairo("cairo_clip", as: (@convention(c) (OpaquePointer?) -> Void).self)(cr)
}
func cairo_close_path(_ cr: OpaquePointer!) {
  cairo("cairo_close_path", as: (@convention(c) (OpaquePointer?) -> Void).self)(cr)
}
func cairo_create(_ target: OpaquePointer!) -> OpaquePointer! {
  cairo("cairo_create", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self)(target)
}
func cairo_curve_to(
  _ cr: OpaquePointer!, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double,
  _ y3: Double
) {
  cairo(
    "cairo_curve_to",
    as: (@convention(c) (OpaquePointer?, Double, Double, Double, Double, Double, Double) -> Void)
      .self)(cr, x1, y1, x2, y2, x3, y3)
}
func cairo_destroy(_ cr: OpaquePointer!) {
  cairo("cairo_destroy", as: (@convention(c) (OpaquePointer?) -> Void).self)(cr)
}
func cairo_fill(_ cr: OpaquePointer!) {
  cairo("cairo_fill", as: (@convention(c) (OpaquePointer?) -> Void).self)(cr)
}
func cairo_get_source(_ cr: OpaquePointer!) -> OpaquePointer! {
  cairo("cairo_get_source", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self)(cr)
}
func cairo_identity_matrix(_ cr: OpaquePointer!) {
  cairo("cairo_identity_matrix", as: (@convention(c) (OpaquePointer?) -> Void).self)(cr)
}
func cairo_image_surface_create(_ format: cairo_format_t, _ width: Int32, _ height: Int32)
  -> OpaquePointer!
{
  cairo(
    "cairo_image_surface_create",
    as: (@convention(c) (cairo_format_t, Int32, Int32) -> OpaquePointer?).self)(
      format, width, height)
}
func cairo_image_surface_get_data(_ surface: OpaquePointer!) -> UnsafeMutablePointer<UInt8>! {
  cairo(
    "cairo_image_surface_get_data",
    as: (@convention(c) (OpaquePointer?) -> UnsafeMutablePointer<UInt8>?).self)(surface)
}
func cairo_image_surface_get_stride(_ surface: OpaquePointer!) -> Int32 {
  cairo("cairo_image_surface_get_stride", as: (@convention(c) (OpaquePointer?) -> Int32).self)(
    surface)
}
func cairo_line_to(_ cr: OpaquePointer!, _ x: Double, _ y: Double) {
  cairo("cairo_line_to", as: (@convention(c) (OpaquePointer?, Double, Double) -> Void).self)(
    cr, x, y)
}
func cairo_mask(_ cr: OpaquePointer!, _ pattern: OpaquePointer!) {
  cairo("cairo_mask", as: (@convention(c) (OpaquePointer?, OpaquePointer?) -> Void).self)(
    cr, pattern)
}
func cairo_move_to(_ cr: OpaquePointer!, _ x: Double, _ y: Double) {
  cairo("cairo_move_to", as: (@convention(c) (OpaquePointer?, Double, Double) -> Void).self)(
    cr, x, y)
}
func cairo_new_path(_ cr: OpaquePointer!) {
  cairo("cairo_new_path", as: (@convention(c) (OpaquePointer?) -> Void).self)(cr)
}
func cairo_paint(_ cr: OpaquePointer!) {
  cairo("cairo_paint", as: (@convention(c) (OpaquePointer?) -> Void).self)(cr)
}
func cairo_paint_with_alpha(_ cr: OpaquePointer!, _ alpha: Double) {
  cairo("cairo_paint_with_alpha", as: (@convention(c) (OpaquePointer?, Double) -> Void).self)(
    cr, alpha)
}
func cairo_pattern_add_color_stop_rgba(
  _ pattern: OpaquePointer!, _ offset: Double, _ red: Double, _ green: Double, _ blue: Double,
  _ alpha: Double
) {
  cairo(
    "cairo_pattern_add_color_stop_rgba",
    as: (@convention(c) (OpaquePointer?, Double, Double, Double, Double, Double) -> Void).self)(
      pattern, offset, red, green, blue, alpha)
}
func cairo_pattern_create_linear(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double)
  -> OpaquePointer!
{
  cairo(
    "cairo_pattern_create_linear",
    as: (@convention(c) (Double, Double, Double, Double) -> OpaquePointer?).self)(x0, y0, x1, y1)
}
func cairo_pattern_destroy(_ pattern: OpaquePointer!) {
  cairo("cairo_pattern_destroy", as: (@convention(c) (OpaquePointer?) -> Void).self)(pattern)
}
func cairo_pattern_set_extend(_ pattern: OpaquePointer!, _ extend: cairo_extend_t) {
  cairo(
    "cairo_pattern_set_extend", as: (@convention(c) (OpaquePointer?, cairo_extend_t) -> Void).self
  )(pattern, extend)
}
func cairo_pattern_set_filter(_ pattern: OpaquePointer!, _ filter: cairo_filter_t) {
  cairo(
    "cairo_pattern_set_filter", as: (@convention(c) (OpaquePointer?, cairo_filter_t) -> Void).self
  )(pattern, filter)
}
func cairo_pop_group(_ cr: OpaquePointer!) -> OpaquePointer! {
  cairo("cairo_pop_group", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self)(cr)
}
func cairo_pop_group_to_source(_ cr: OpaquePointer!) {
  cairo("cairo_pop_group_to_source", as: (@convention(c) (OpaquePointer?) -> Void).self)(cr)
}
func cairo_push_group(_ cr: OpaquePointer!) {
  cairo("cairo_push_group", as: (@convention(c) (OpaquePointer?) -> Void).self)(cr)
}
func cairo_rectangle(
  _ cr: OpaquePointer!, _ x: Double, _ y: Double, _ width: Double, _ height: Double
) {
  cairo(
    "cairo_rectangle",
    as: (@convention(c) (OpaquePointer?, Double, Double, Double, Double) -> Void).self)(
      cr, x, y, width, height)
}
func cairo_restore(_ cr: OpaquePointer!) {
  cairo("cairo_restore", as: (@convention(c) (OpaquePointer?) -> Void).self)(cr)
}
func cairo_save(_ cr: OpaquePointer!) {
  cairo("cairo_save", as: (@convention(c) (OpaquePointer?) -> Void).self)(cr)
}
func cairo_scale(_ cr: OpaquePointer!, _ sx: Double, _ sy: Double) {
  cairo("cairo_scale", as: (@convention(c) (OpaquePointer?, Double, Double) -> Void).self)(
    cr, sx, sy)
}
func cairo_set_operator(_ cr: OpaquePointer!, _ op: cairo_operator_t) {
  cairo(
    "cairo_set_operator", as: (@convention(c) (OpaquePointer?, cairo_operator_t) -> Void).self)(
      cr, op)
}
func cairo_set_source(_ cr: OpaquePointer!, _ source: OpaquePointer!) {
  cairo("cairo_set_source", as: (@convention(c) (OpaquePointer?, OpaquePointer?) -> Void).self)(
    cr, source)
}
func cairo_set_source_rgba(
  _ cr: OpaquePointer!, _ red: Double, _ green: Double, _ blue: Double, _ alpha: Double
) {
  cairo(
    "cairo_set_source_rgba",
    as: (@convention(c) (OpaquePointer?, Double, Double, Double, Double) -> Void).self)(
      cr, red, green, blue, alpha)
}
func cairo_set_source_surface(
  _ cr: OpaquePointer!, _ surface: OpaquePointer!, _ x: Double, _ y: Double
) {
  cairo(
    "cairo_set_source_surface",
    as: (@convention(c) (OpaquePointer?, OpaquePointer?, Double, Double) -> Void).self)(
      cr, surface, x, y)
}
func cairo_status(_ cr: OpaquePointer!) -> cairo_status_t {
  cairo("cairo_status", as: (@convention(c) (OpaquePointer?) -> cairo_status_t).self)(cr)
}
func cairo_status_to_string(_ status: cairo_status_t) -> UnsafePointer<CChar>! {
  cairo(
    "cairo_status_to_string",
    as: (@convention(c) (cairo_status_t) -> UnsafePointer<CChar>?).self)(status)
}
func cairo_surface_destroy(_ surface: OpaquePointer!) {
  cairo("cairo_surface_destroy", as: (@convention(c) (OpaquePointer?) -> Void).self)(surface)
}
func cairo_surface_flush(_ surface: OpaquePointer!) {
  cairo("cairo_surface_flush", as: (@convention(c) (OpaquePointer?) -> Void).self)(surface)
}
func cairo_surface_mark_dirty(_ surface: OpaquePointer!) {
  cairo("cairo_surface_mark_dirty", as: (@convention(c) (OpaquePointer?) -> Void).self)(surface)
}
func cairo_surface_status(_ surface: OpaquePointer!) -> cairo_status_t {
  cairo("cairo_surface_status", as: (@convention(c) (OpaquePointer?) -> cairo_status_t).self)(
    surface)
}
func cairo_translate(_ cr: OpaquePointer!, _ tx: Double, _ ty: Double) {
  cairo("cairo_translate", as: (@convention(c) (OpaquePointer?, Double, Double) -> Void).self)(
    cr, tx, ty)
}
