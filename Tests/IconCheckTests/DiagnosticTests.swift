import Testing

@testable import IconCheck

@Suite struct DiagnosticTests {
  @Test func errorsOutrankWarnings() {
    #expect(Diagnostic.Severity.warning < .error)
    #expect(!(Diagnostic.Severity.error < .warning))
  }
}
