import DataFormats
import Foundation
import Testing
import _TestSupport

/// The Python package's wheel, built from the release binary and installed fresh into the pinned
/// environment of `scripts/python-notebook`, once per test process (docs/PYTHON.md).
///
/// The tests compare what the package returns with what the release binary prints for the same
/// inputs: the debug build aligns HANNA's 960 rows many times slower, and the release binary is
/// the one the wheel carries. `scripts/test` builds it before the tests run; when it is missing
/// the tests fail, saying how to build it.
enum PythonPackage {
    /// `.build/release/judgecal`.
    static let releaseBinary = SharedData.projectURL(".build/release/judgecal")

    /// What the tests use: the wheel, the environment's interpreter, and its folder of scripts.
    struct Installation: Sendable {
        var wheel: URL
        var python: URL
        /// The binary the wheel installed, which the package runs unless `$JUDGECAL_BINARY` names another.
        var carriedBinary: URL
        var bin: URL { python.deletingLastPathComponent() }
    }

    /// The wheel built by `scripts/wheel` and installed into `.python-notebook/`.
    static func installed() async throws -> Installation {
        try requireReleaseBinary()
        return try await installing.value
    }

    /// Fails the test unless the release binary is there, saying how to build it.
    static func requireReleaseBinary() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: releaseBinary.path),
            """
            \(releaseBinary.path) is missing: the Python package's tests build its wheel from the release binary. \
            Build it with `swift build -c release --product judgecal` (scripts/test does, before the tests).
            """)
    }

    private static let installing = Task { () throws -> Installation in
        let folder = try SharedData.temporaryFolder("python-wheel")
        let built = try script("wheel", [folder.path], timeout: .seconds(600))
        let wheel = URL(fileURLWithPath: try lastLine(of: built, from: "scripts/wheel"))
        let made = try script("python-notebook", [], timeout: .seconds(1800))
        let python = URL(fileURLWithPath: try lastLine(of: made, from: "scripts/python-notebook"))
        // Installed fresh each run: the environment is kept between runs, the wheel never.
        _ = try ChildProcess(executable: python, arguments: ["-m", "pip", "uninstall", "--yes", "--quiet", "judgecal"]).run()
        let install = try ChildProcess(
            executable: python, arguments: ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel.path],
            timeout: .seconds(600)
        ).run()
        guard install.status == 0 else { throw Failure("pip install \(wheel.lastPathComponent) failed: \(install.error)") }
        let asked = try ChildProcess(
            executable: python, arguments: ["-c", "import judgecal; print(judgecal.binary_path())"],
            environment: ["JUDGECAL_BINARY": ""]
        ).run()
        guard asked.status == 0 else { throw Failure("the installed package does not import: \(asked.error)") }
        let carried = URL(fileURLWithPath: try lastLine(of: asked, from: "judgecal.binary_path()"))
        return Installation(wheel: wheel, python: python, carriedBinary: carried)
    }

    /// Why the wheel or the environment could not be made (thrown from the shared tasks, outside any one test).
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The last line a script printed: the path it made.
    private static func lastLine(of outcome: ChildProcess.Outcome, from script: String) throws -> String {
        guard let line = outcome.output.split(separator: "\n").last else { throw Failure("\(script) printed no path") }
        return String(line)
    }

    /// Runs `scripts/NAME` with `arguments` in the package root; throws unless it exits 0.
    static func script(_ name: String, _ arguments: [String], timeout: Duration) throws -> ChildProcess.Outcome {
        let outcome = try ChildProcess(
            executable: SharedData.projectURL("scripts/\(name)"), arguments: arguments,
            workingDirectory: SharedData.packageRoot, timeout: timeout
        ).run()
        guard outcome.status == 0 else { throw Failure("scripts/\(name) exited \(outcome.status): \(outcome.error)") }
        return outcome
    }

    /// Runs the environment's Python with `arguments` in the package root, `environment` added; the package runs
    /// the wheel's binary unless `environment` names another in `JUDGECAL_BINARY` (a developer's setting is cleared).
    static func python(
        _ installation: Installation, _ arguments: [String], environment: [String: String] = [:],
        timeout: Duration = .seconds(600)
    ) throws -> ChildProcess.Outcome {
        try ChildProcess(
            executable: installation.python, arguments: arguments,
            environment: ["JUDGECAL_BINARY": ""].merging(environment) { $1 },
            workingDirectory: SharedData.packageRoot, timeout: timeout
        ).run()
    }

    /// Runs the release binary with `arguments` in the package root; fails unless it exits with one of `accepted`.
    static func releaseJSON(_ arguments: [String], accepted: Set<Int32> = [0]) throws -> (json: JSONValue, status: Int32) {
        let outcome = try ChildProcess(
            executable: releaseBinary, arguments: arguments, environment: ["NO_COLOR": "1"], inheritsEnvironment: false,
            workingDirectory: SharedData.packageRoot
        ).run()
        try #require(accepted.contains(outcome.status), "judgecal \(arguments.joined(separator: " ")): \(outcome.error)")
        return (try JSONValue.parse(outcome.standardOutput), outcome.status)
    }

    /// `python/checks/api_check.py figures`: every call's frames, summarised, once per test process.
    static func apiFigures() async throws -> JSONValue {
        try requireReleaseBinary()
        return try await apiFiguresTask.value
    }

    private static let apiFiguresTask = Task { () throws -> JSONValue in
        let installation = try await installing.value
        let folder = try SharedData.temporaryFolder("python-api")
        let outcome = try python(installation, [SharedData.projectURL("python/checks/api_check.py").path, "figures", folder.path])
        guard outcome.status == 0 else { throw Failure("api_check.py figures failed: \(outcome.error)") }
        return try JSONValue.parse(Data(contentsOf: folder.appendingPathComponent("api.json")))
    }
}

/// `a` and `b` both absent, or numbers within 1e-12.
func sameFigure(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
    switch (a?.double, b?.double) {
    case (let x?, let y?): abs(x - y) <= 1e-12
    case (nil, nil): (a == nil || a == .null) && (b == nil || b == .null)
    default: false
    }
}
