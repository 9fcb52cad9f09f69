import Foundation

/// `--name value` pairs from the command line.
struct Options {
    private var values: [String: String] = [:]

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard name.hasPrefix("--"), let value = rest.popFirst() else { continue }
            values[String(name.dropFirst(2))] = value
        }
    }

    func string(_ name: String) throws -> String {
        guard let value = values[name] else { throw UsageError(message: "missing --\(name)") }
        return value
    }

    func int(_ name: String, default fallback: Int) throws -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text) else { throw UsageError(message: "--\(name) \(text) is not a whole number") }
        return value
    }
}

/// A command line that does not say what to do.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Seconds `body` takes.
func measure(_ body: () async throws -> Void) async rethrows -> Double {
    let elapsed = try await ContinuousClock().measure(body)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
