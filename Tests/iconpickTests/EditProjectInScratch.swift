import Foundation
import TestSupport

extension EditProject {
  /// The project in `folder` of the scratch (removed with it), so that images and other files a
  /// test makes lie outside the project.
  init(in scratch: Scratch, folder: String = "Studio", _ options: Options = blueInTheTarget)
    throws
  {
    try self.init(at: scratch.file(folder), options)
  }
}
