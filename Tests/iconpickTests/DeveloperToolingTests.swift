import Foundation
import TestSupport
import Testing

/// Where developers run iconpick besides their terminal: pre-commit, through the repository's
/// `.pre-commit-hooks.yaml` (run with PyPI's pre-commit, `make test` installs it), and GitHub
/// Actions, through `action.yml`, whose steps run here as a runner runs them.
@Suite struct DeveloperToolingTests {
  let edit: EditCommandTests
  var scratch: Scratch { edit.scratch }

  init() throws { edit = try EditCommandTests() }

  /// `make test`'s pre-commit (ICONPICK_PRECOMMIT); without it, CI fails and elsewhere the test
  /// is cancelled, never passed.
  func precommit() throws -> URL {
    let environment = ProcessInfo.processInfo.environment
    let named =
      environment["ICONPICK_PRECOMMIT"]
      ?? packageRoot().appendingPathComponent(".build/precommit-venv/bin/pre-commit").path
    guard FileManager.default.isExecutableFile(atPath: named) else {
      if environment["CI"] == "true" {
        Issue.record("no pre-commit at \(named): make test installs it")
      }
      try Test.cancel("no pre-commit at \(named) (make test installs it in .build/precommit-venv)")
    }
    return URL(fileURLWithPath: named)
  }

  /// A project as Xcode writes it whose primary icon names a set that is not there: an error.
  func faultyProject(_ folder: String) throws -> EditProject {
    try EditProject(
      in: scratch, folder: folder,
      .init(targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = Missing;"]))
  }

  func fix(_ project: EditProject) throws {
    let text = try String(contentsOf: project.pbxproj, encoding: .utf8)
    try project.write(
      "Studio.xcodeproj/project.pbxproj",
      text.replacingOccurrences(
        of: "ASSETCATALOG_COMPILER_APPICON_NAME = Missing;",
        with: "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"))
  }

  func shell(
    _ script: String, in folder: URL, environment: [String: String]
  ) throws -> (status: Int32, stdout: String, stderr: String) {
    let command = "cd \(shellQuote(folder.path)) && " + script
    return try runProcess(
      "/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", command],
      environment: environment)
  }

  @Test func preCommitsTryRepoFailsAProjectWithAFaultAndPassesItFixed() throws {
    let precommit = try precommit()
    let project = try faultyProject("app")
    let binaries = try iconpickBinary().deletingLastPathComponent().path
    let environment = [
      "PATH": "\(binaries):/usr/bin:/bin", "HOME": scratch.url.path,
      "PRE_COMMIT_HOME": scratch.file("pre-commit-cache").path, "LANG": "C.UTF-8",
      "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
      "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
    ]
    let setUp = try shell(
      "git init -q . && git add -A", in: project.root, environment: environment)
    #expect(setUp.status == 0, "\(setUp.stderr)")
    let tryRepo =
      "\(shellQuote(precommit.path)) try-repo \(shellQuote(packageRoot().path)) iconpick-check-system --all-files"
    let failed = try shell(tryRepo, in: project.root, environment: environment)
    #expect(failed.status == 1, "\(failed.stdout)\n\(failed.stderr)")
    #expect(failed.stdout.contains("iconpick check"), "\(failed.stdout)")
    #expect(failed.stdout.contains("Failed"), "\(failed.stdout)")
    #expect(failed.stdout.contains("error:"), "\(failed.stdout)")
    #expect(failed.stdout.contains("\"Missing\""), "\(failed.stdout)")

    try fix(project)
    _ = try shell("git add -A", in: project.root, environment: environment)
    let passed = try shell(tryRepo, in: project.root, environment: environment)
    #expect(passed.status == 0, "\(passed.stdout)\n\(passed.stderr)")
    #expect(passed.stdout.contains("Passed"), "\(passed.stdout)")
  }

  /// action.yml read with PyYAML (pre-commit's), as a JSON object.
  func action() throws -> [String: Any] {
    let python = try precommit().deletingLastPathComponent().appendingPathComponent("python")
    let read = try runProcess(
      python.path,
      [
        "-c", "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)",
        packageRoot().appendingPathComponent("action.yml").path,
      ])
    #expect(read.status == 0, "\(read.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])
  }

  /// Each step of the composite action, run by bash as a runner runs it (`-eo pipefail`), with
  /// GITHUB_ACTION_PATH this checkout and the inputs given. The build step's `make install`
  /// installs the binary these tests run (SHIPPED_BUILD names it), not a second release build.
  @Test func theActionsStepsInstallIconpickAndCheckThePath() throws {
    let action = try action()
    let runs = try #require(action["runs"] as? [String: Any])
    #expect(runs["using"] as? String == "composite")
    let steps = try #require(runs["steps"] as? [[String: Any]])
    #expect(steps.count == 3)
    let inputs = try #require(action["inputs"] as? [String: Any])
    #expect(Set(inputs.keys) == ["path", "warnings-as-errors"])

    let binaries = try iconpickBinary().deletingLastPathComponent().path
    let prebuilt = scratch.file("prebuilt-build")
    try
      "#!/bin/sh\ncase \" $* \" in *\" --show-bin-path \"*) echo \(shellQuote(binaries)) ;; esac\n"
      .write(to: prebuilt, atomically: true, encoding: .utf8)
    chmod(prebuilt.path, 0o755)
    let runner = scratch.file("runner")
    try FileManager.default.createDirectory(at: runner, withIntermediateDirectories: true)

    func runSteps(path: String, warningsAsErrors: String) throws -> [(
      status: Int32, stdout: String, stderr: String
    )] {
      var outcomes: [(status: Int32, stdout: String, stderr: String)] = []
      for step in steps {
        #expect(step["shell"] as? String == "bash")
        var environment = [
          "PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "HOME": scratch.url.path,
          "LANG": "C.UTF-8", "GITHUB_ACTION_PATH": packageRoot().path,
          "RUNNER_TEMP": runner.path, "SHIPPED_BUILD": prebuilt.path,
        ]
        for (key, value) in step["env"] as? [String: String] ?? [:] {
          environment[key] = value.replacingOccurrences(of: "${{ inputs.path }}", with: path)
            .replacingOccurrences(of: "${{ inputs.warnings-as-errors }}", with: warningsAsErrors)
        }
        let script = try #require(step["run"] as? String)
        #expect(!script.contains("${{"), "an input is spliced into the script: \(script)")
        let outcome = try shell(script, in: scratch.url, environment: environment)
        outcomes.append(outcome)
        if outcome.status != 0 { break }
      }
      return outcomes
    }

    let project = try faultyProject("app")
    let failed = try runSteps(path: project.root.path, warningsAsErrors: "false")
    #expect(failed.count == 3, "\(failed.map(\.stderr))")
    #expect(failed.dropLast().allSatisfy { $0.status == 0 }, "\(failed.map(\.stderr))")
    #expect(
      FileManager.default.isExecutableFile(
        atPath: runner.appendingPathComponent("iconpick/bin/iconpick").path))
    #expect(failed.last?.status == 1)
    #expect(failed.last?.stdout.contains("::error file=") == true, "\(failed.last?.stdout ?? "")")

    try fix(project)
    let passed = try runSteps(path: project.root.path, warningsAsErrors: "false")
    #expect(passed.map(\.status) == [0, 0, 0], "\(passed.map(\.stdout)) \(passed.map(\.stderr))")
  }
}
