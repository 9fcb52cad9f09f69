import Foundation
public import Testing

/// What some suites need installed or running before they start — the local
/// judge, the Python reference stack, Label Studio, headless Chromium — set up by the
/// project's own scripts, once per test process, so that a plain `swift test`
/// on a fresh clone runs as `scripts/test` does.
///
/// Each service runs its script the first time a test asks for it; later
/// tests await the same run. When the script fails, every test that needs the
/// service fails with the script's exit status and the end of what it wrote,
/// never a skip.
public enum ProjectService: String, Sendable, CaseIterable {
    /// `scripts/local-judge start`: llama.cpp's server with SmolLM2-135M on
    /// 127.0.0.1:8080, installed the first time (about 8 minutes on 2 cores).
    /// Not run when `JUDGECAL_BASE_URL` names another server.
    case localJudge = "local-judge"
    /// `scripts/python-reference`: the pinned pandas and scikit-learn in `.python-reference/`.
    case pythonReference = "python-reference"
    /// `scripts/label-studio`: the pinned Label Studio server in `.label-studio/` (a few minutes to install).
    case labelStudio = "label-studio"
    /// `scripts/setup`: the Debian packages, headless Chromium among them; run
    /// only when `chromium` is not on the path.
    case systemPackages = "setup"

    /// Waits until the service is there, running its script the first time.
    ///
    /// - Throws: ``ProjectServiceError`` when the script fails or outlives its 30 minutes.
    public func ready() async throws {
        switch self {
        case .localJudge: try await Self.startingLocalJudge.value
        case .pythonReference: try await Self.makingPythonReference.value
        case .labelStudio: try await Self.installingLabelStudio.value
        case .systemPackages: try await Self.installingSystemPackages.value
        }
    }

    private static let startingLocalJudge = Task {
        guard ProcessInfo.processInfo.environment["JUDGECAL_BASE_URL"]?.isEmpty ?? true else { return }
        try await ProjectService.localJudge.runScript(arguments: ["start"])
    }
    private static let makingPythonReference = Task { try await ProjectService.pythonReference.runScript(arguments: []) }
    private static let installingLabelStudio = Task { try await ProjectService.labelStudio.runScript(arguments: []) }
    private static let installingSystemPackages = Task {
        let onPath = try ChildProcess(command: "sh", arguments: ["-c", "command -v chromium"], timeout: .seconds(30)).run()
        guard onPath.status != 0 else { return }
        try await ProjectService.systemPackages.runScript(arguments: [])
    }

    /// Runs the script with its output in a log file, not a pipe: `local-judge start` leaves the server running
    /// in the background, and a server holding the pipe would keep its end from ever coming.
    private func runScript(arguments: [String]) async throws {
        let script = SharedData.projectURL("scripts/\(rawValue)")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-\(rawValue)-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let running = try ChildProcess(
            executable: URL(fileURLWithPath: "/bin/bash"),
            arguments: ["-c", #"exec "$0" "$@" >"$SERVICE_LOG" 2>&1"#, script.path] + arguments,
            environment: ["SERVICE_LOG": log.path], workingDirectory: SharedData.packageRoot, timeout: .seconds(1800)
        ).start()
        let outcome = try await running.outcome
        guard outcome.status == 0 else {
            let written = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw ProjectServiceError(
                script: "scripts/\(([rawValue] + arguments).joined(separator: " "))", status: outcome.status,
                output: String((written + outcome.error).suffix(2000)))
        }
    }
}

/// A service's script failed: which, how it ended, and the end of what it wrote on standard error.
public struct ProjectServiceError: Error, CustomStringConvertible {
    /// The script and its arguments.
    public var script: String
    /// Its exit status.
    public var status: Int32
    /// The end of its standard error.
    public var output: String

    public var description: String {
        "\(script) failed (exit \(status)), so the tests that need it cannot run; its last words:\n\(output)"
    }
}

/// Makes a service ready before each test of a suite (or one test) runs.
public struct ProjectServiceTrait: SuiteTrait, TestTrait, TestScoping {
    /// The services, readied in order.
    public var services: [ProjectService]

    /// Applies to every test in a suite that has it.
    public var isRecursive: Bool { true }

    /// A scope around each test case; after the first, readying is an await of a finished task.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Readies the services, then runs `function`.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        for service in services { try await service.ready() }
        try await function()
    }
}

extension Trait where Self == ProjectServiceTrait {
    /// The test (or each test of the suite) needs `services`, which are set up first if they are not there.
    public static func needs(_ services: ProjectService...) -> Self { ProjectServiceTrait(services: services) }
}
