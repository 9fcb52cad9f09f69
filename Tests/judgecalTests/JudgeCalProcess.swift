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
    static func run(_ arguments: [String], environment: [String: String] = ["NO_COLOR": "1"]) throws -> JudgeCalProcess {
        guard let executable else {
            Issue.record("the judgecal binary is not built; run `swift build --build-tests` first")
            throw CocoaError(.fileNoSuchFile)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = SharedData.packageRoot
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return JudgeCalProcess(
            status: process.terminationStatus,
            output: String(decoding: outData, as: UTF8.self),
            error: String(decoding: errData, as: UTF8.self))
    }

    /// Writes `text` to a fresh temporary file named `name` and returns its path.
    static func file(_ name: String, _ text: String) throws -> String {
        let url = try SharedData.temporaryFolder("judgecal-cli").appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}
