import Foundation
import Testing
import _TestSupport

/// Runs the built `judgecal` binary as a subprocess and keeps what it wrote.
struct JudgeCalProcess {
    var status: Int32
    var output: String
    var error: String

    /// The binary beside the test bundle (the same build directory), or under `.build/debug`.
    static let executable: URL? = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("judgecal")
        let debug = SharedData.packageRoot.appendingPathComponent(".build/debug/judgecal")
        return [beside, debug].first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `judgecal` with `arguments` in the package root, with `NO_COLOR` set unless `environment` says otherwise.
    ///
    /// The child sees `environment` only, not this process's, so a developer's
    /// `JUDGECAL_*` settings cannot change a test's outcome.
    static func run(
        _ arguments: [String], environment: [String: String] = ["NO_COLOR": "1"], timeout: Duration = .seconds(600)
    ) throws -> JudgeCalProcess {
        let outcome = try child(arguments, environment: environment, timeout: timeout).run()
        return JudgeCalProcess(status: outcome.status, output: outcome.output, error: outcome.error)
    }

    /// `judgecal` with `arguments`, in the package root, seeing `environment` only, killed after
    /// `timeout`; not yet started.
    static func child(
        _ arguments: [String], environment: [String: String] = ["NO_COLOR": "1"], timeout: Duration = .seconds(600)
    ) throws -> ChildProcess {
        guard let executable else {
            Issue.record("the judgecal binary is not built; run `swift build --build-tests` first")
            throw CocoaError(.fileNoSuchFile)
        }
        return ChildProcess(
            executable: executable, arguments: arguments, environment: environment, inheritsEnvironment: false,
            workingDirectory: SharedData.packageRoot, timeout: timeout)
    }

    /// Writes `text` to a fresh temporary file named `name` and returns its path.
    static func file(_ name: String, _ text: String) throws -> String {
        let url = try SharedData.temporaryFolder("judgecal-cli").appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
