import Foundation
import IconCatalog
import IconRender
import IconState
import TerminalGraphics
import Testing

@testable import PickerScreen

/// A flat image of a key's size, red channel `red`.
func flatImage(_ key: PixelPreviewKey, _ red: UInt8) -> RGBAImage {
  RGBAImage(
    width: key.width, height: key.height,
    pixels: Array(repeating: [red, 2, 3, 255], count: key.width * key.height).flatMap { $0 })!
}

let kittyGraphics = PickerGraphics(
  graphicsProtocol: .kitty, cellPixels: CellPixelSize(width: 8, height: 16))

/// Where the terminal shows images, the layout places the preview pane's and the grid's tiles'
/// images on blank cells (pure: no terminal).
@Suite struct PickerImageLayoutTests {
  func model(view: PickerViewStyle = .list, size: TerminalSize = roomy) -> PickerModel {
    var model = PickerModel(app: makeApp(), activeName: nil, size: size, view: view)
    model.graphics = kittyGraphics
    return model
  }

  @Test func inCellsNoImageIsPlacedAndThePaneAsksForCells() throws {
    var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
    #expect(PickerLayout.pixelPreviewKeys(model, size: roomy).isEmpty)
    #expect(PickerLayout.thumbnailKeys(model, size: roomy).first?.columns ?? 0 > 6)
    model.apply(.toggleView)
    #expect(PickerLayout.pixelPreviewKeys(model, size: roomy).isEmpty)
    #expect(PickerLayout.render(model, size: roomy).images.isEmpty)
  }

  @Test func thePaneShowsTheCursorIconAsAnImageOnBlankCellsOnceItIsReady() throws {
    var model = model()
    // The pane alone: the rows' images have tests of their own.
    model.graphics.rowsShowImages = false
    model.apply(.moveDown)
    let keys = PickerLayout.pixelPreviewKeys(model, size: roomy)
    let key = try #require(keys.first)
    #expect(keys.count == 1)
    #expect(key.name == "AppIcon-Blue" && key.look == .light)
    let placement = try #require(PickerLayout.previewPlacement(size: roomy))
    #expect(key.width == placement.columns * 8 && key.height == placement.rows * 16)
    // The pane asks for no cells preview; the rows keep theirs.
    let cells = PickerLayout.thumbnailKeys(model, size: roomy)
    #expect(cells.allSatisfy { $0.columns == 6 && $0.rows == 2 })
    #expect(cells.count == model.items.count)

    // Not ready: no image, the waiting mark.
    var frame = PickerLayout.render(model, size: roomy)
    #expect(frame.images.isEmpty)
    model.apply(.pixelPreviewReady(key, flatImage(key, 9)))
    frame = PickerLayout.render(model, size: roomy)
    #expect(frame.images == [FrameImage(key: key, placement: placement)])
    for row in placement.row..<(placement.row + placement.rows) {
      for column in placement.column..<(placement.column + placement.columns) {
        #expect(frame[row, column] == .blank)
      }
    }
    // The look key asks for the new look's image; the old one is not placed.
    model.apply(.appearancesFound([.any, .dark]))
    model.apply(.cycleAppearance)
    let dark = try #require(PickerLayout.pixelPreviewKeys(model, size: roomy).first)
    #expect(dark.look == .dark)
    #expect(PickerLayout.render(model, size: roomy).images.isEmpty)
  }

  @Test func theGridPlacesAnImageOnEveryTileCursorFirst() throws {
    var model = model(view: .grid)
    let grid = try #require(PickerLayout.grid(for: roomy))
    let keys = PickerLayout.pixelPreviewKeys(model, size: roomy)
    #expect(keys.count == min(model.items.count, grid.columns * grid.rows))
    #expect(keys.first?.name == model.cursorItem?.name)
    #expect(PickerLayout.thumbnailKeys(model, size: roomy).isEmpty)
    for (index, key) in keys.enumerated() {
      model.apply(.pixelPreviewReady(key, flatImage(key, UInt8(index))))
    }
    let frame = PickerLayout.render(model, size: roomy)
    #expect(frame.images.count == keys.count)
    for (slot, image) in frame.images.enumerated() {
      #expect(image.placement == PickerLayout.tilePlacement(grid: grid, slot: slot))
      #expect(image.key.width == grid.previewColumns * 8)
    }
  }

  @Test func noImageUnderTheAlertOrOnATooSmallScreen() throws {
    var model = model()
    let key = try #require(PickerLayout.pixelPreviewKeys(model, size: roomy).first)
    model.apply(.pixelPreviewReady(key, flatImage(key, 1)))
    #expect(PickerLayout.render(model, size: roomy).images.count == 1)
    model.apply(.iconChanged(alternateIconName: "AppIcon-Blue", notices: []))
    let frame = PickerLayout.render(model, size: roomy)
    let box = PickerLayout.alertBox(try #require(model.alert), glyphs: model.glyphs, size: roomy)
    #expect(
      frame.images.allSatisfy { image in
        !image.rows.overlaps(box.top..<(box.top + box.height))
          || !image.columns.overlaps(box.left..<(box.left + box.width))
      })
    let tiny = TerminalSize(columns: 12, rows: 4)
    model.apply(.dismissAlert)
    model.apply(.resize(tiny))
    #expect(PickerLayout.pixelPreviewKeys(model, size: tiny).isEmpty)
    #expect(PickerLayout.render(model, size: tiny).images.isEmpty)
  }

  @Test func aFilterThatMatchesNothingPlacesNoImage() throws {
    var model = model()
    let key = try #require(PickerLayout.pixelPreviewKeys(model, size: roomy).first)
    model.apply(.pixelPreviewReady(key, flatImage(key, 1)))
    model.apply(.openFilter)
    model.apply(.typeInFilter("zzzz"))
    #expect(PickerLayout.pixelPreviewKeys(model, size: roomy).isEmpty)
    #expect(PickerLayout.render(model, size: roomy).images.isEmpty)
  }

  /// kitty keeps images: the rows' thumbnails are images too, on blank cells, asked for after
  /// the pane's; the rows ask for no cells.
  @Test func withKittyTheRowsThumbnailsAreImages() throws {
    var model = model()
    #expect(model.graphics.rowsShowImages)
    let keys = PickerLayout.pixelPreviewKeys(model, size: roomy)
    #expect(keys.count == 1 + model.items.count)
    let pane = try #require(PickerLayout.previewPlacement(size: roomy))
    #expect(keys[0].width == pane.columns * 8)
    let rows = Array(keys.dropFirst())
    #expect(rows.map(\.name) == model.items.map(\.name))
    #expect(rows.allSatisfy { $0.width == 6 * 8 && $0.height == 2 * 16 })
    #expect(PickerLayout.thumbnailKeys(model, size: roomy).isEmpty)

    // Waiting: a placeholder box, no image; then the image on blank cells, the text beside it.
    var frame = PickerLayout.render(model, size: roomy)
    #expect(frame.images.isEmpty)
    #expect(frame[2, 2].glyph == model.glyphs.boxTopLeft)
    for (index, key) in keys.enumerated() {
      model.apply(.pixelPreviewReady(key, flatImage(key, UInt8(index))))
    }
    frame = PickerLayout.render(model, size: roomy)
    #expect(frame.images.count == keys.count)
    for (offset, key) in rows.enumerated() {
      let placement = PickerLayout.rowPlacement(row: 2 + offset * 2)
      #expect(frame.images.contains(FrameImage(key: key, placement: placement)))
      for row in placement.row..<(placement.row + 2) {
        for column in placement.column..<(placement.column + 6) {
          #expect(frame[row, column] == .blank)
        }
      }
    }
    #expect(frame.lines[2].contains(model.items[0].displayName))
    // The cursor's move changes no row's image, only the pane's.
    model.apply(.moveDown)
    let moved = PickerLayout.render(model, size: roomy)
    #expect(
      Set(moved.images.filter { $0.placement.columns == 6 })
        == Set(
          frame.images.filter {
            $0.placement.columns == 6
          }))
  }

  /// iTerm2 and sixel keep no image: the pane is an image, the rows stay in cells (measured:
  /// every move would send every row's thumbnail again).
  @Test func withoutAStoreTheRowsStayInCells() throws {
    for kind in [GraphicsProtocol.iterm, .sixel] {
      var model = PickerModel(app: makeApp(), activeName: nil, size: roomy)
      model.graphics = PickerGraphics(
        graphicsProtocol: kind, cellPixels: CellPixelSize(width: 8, height: 16))
      #expect(!model.graphics.rowsShowImages)
      let keys = PickerLayout.pixelPreviewKeys(model, size: roomy)
      #expect(keys.count == 1, "\(kind)")
      let cells = PickerLayout.thumbnailKeys(model, size: roomy)
      #expect(cells.count == model.items.count && cells.allSatisfy { $0.columns == 6 })
      // Asked for (the bench measures it), they are images there too.
      model.graphics.rowsShowImages = true
      #expect(PickerLayout.pixelPreviewKeys(model, size: roomy).count == 1 + model.items.count)
    }
  }

  @Test func anImageThatCannotBeDrawnFallsBackToCells() throws {
    var model = model()
    let key = try #require(PickerLayout.pixelPreviewKeys(model, size: roomy).first)
    model.apply(.pixelPreviewReady(key, nil))
    // The rows' images are still asked for; the pane's is not.
    let left = PickerLayout.pixelPreviewKeys(model, size: roomy)
    #expect(left.count == model.items.count && left.allSatisfy { $0.width == 6 * 8 })
    let large = try #require(PickerLayout.thumbnailKeys(model, size: roomy).first)
    #expect(large.columns > 6 && large.name == key.name)
    #expect(PickerLayout.render(model, size: roomy).images.isEmpty)
    // A row whose image failed asks for its cells, and only that row.
    model.apply(.pixelPreviewReady(left[3], nil))
    let cells = PickerLayout.thumbnailKeys(model, size: roomy).filter { $0.columns == 6 }
    #expect(cells.map(\.name) == [left[3].name])
  }
}
