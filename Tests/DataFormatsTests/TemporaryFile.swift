import Foundation
import Testing

/// Calls `body` with a new file in the temporary folder holding `bytes`, removed afterwards.
func withTemporaryFile<Result>(_ bytes: [UInt8], _ body: (URL) -> Result) -> Result {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString).csv")
    defer { try? FileManager.default.removeItem(at: url) }
    do {
        try Data(bytes).write(to: url)
    } catch {
        Issue.record("cannot write \(url.path): \(error)")
    }
    return body(url)
}
