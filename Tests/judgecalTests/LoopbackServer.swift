import Foundation
import Testing
import _TestSupport

/// The LanguageModels tests' fault server (`fault_server.py`), or another loopback server script that
/// prints its port first (the probe study's `planted_judge_server.py`), started for a command test on a
/// loopback port of its own; stopped with ``stop()``.
struct LoopbackServer {
    let port: Int
    private let process: ChildProcess.Running

    /// Starts the server `script` (a path in the package) with `arguments` (such as `--replay FILES`) and reads its port.
    init(script: String = "Tests/LanguageModelsTests/Resources/fault_server.py", arguments: [String] = []) throws {
        let script = SharedData.projectURL(script).path
        process = try ChildProcess(command: "python3", arguments: [script] + arguments, timeout: .seconds(600)).start()
        let line = try #require(process.waitForOutput(timeout: .seconds(30)) { $0.contains(UInt8(ascii: "\n")) })
        port = try #require(Int(String(decoding: line, as: UTF8.self).prefix { $0 != "\n" }))
    }

    /// A base URL whose requests behave as `scenario` says (`ok`, `replay`, …), counted under `tag`.
    func baseURL(tag: String, scenario: String) -> String { "http://127.0.0.1:\(port)/\(tag)/\(scenario)/v1" }

    /// Stops the server.
    func stop() { process.signal(SIGKILL) }
}
