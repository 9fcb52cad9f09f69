// The process the SIGKILL test of the response cache kills part-way and
// starts again (Tests/LanguageModelsTests/ResponseCacheKillTests.swift):
//
//   CachedRunProcess --base-url URL --cache FILE [--count N] [--concurrency C] [--hold-after N]
import Foundation

var values: [String: String] = [:]
var rest = CommandLine.arguments.dropFirst()
while let name = rest.popFirst() {
    guard name.hasPrefix("--"), let value = rest.popFirst() else {
        FileHandle.standardError.write(Data("CachedRunProcess: \(name) is not --name value\n".utf8))
        exit(2)
    }
    values[String(name.dropFirst(2))] = value
}
do {
    try await CachedRun.run(values)
} catch {
    FileHandle.standardError.write(Data("CachedRunProcess: \(error)\n".utf8))
    exit(1)
}
