public import Foundation
public import LanguageModels
import Synchronization

/// A model that passes requests to another and appends each exchange to a
/// recorded-replies file (JSON Lines of ``RecordedExchange``), which
/// ``RecordedRepliesModel`` reads back.
///
/// Only requests, responses and the model name are written; never a base URL
/// or an API key.
public final class RecordingModel: LanguageModel {
    /// The model that answers.
    public let base: any LanguageModel
    /// The file exchanges are appended to.
    public let file: URL
    private let lock = Mutex(())

    /// Records `base`'s answers into `file`, creating it if needed.
    public init(_ base: any LanguageModel, appendingTo file: URL) {
        self.base = base
        self.file = file
    }

    /// The wrapped model's name.
    public var modelName: String { base.modelName }

    /// The wrapped model's answer, after appending the exchange to the file.
    ///
    /// - Throws: what the wrapped model throws, or a file-system error when the file cannot be written.
    public func respond(to request: ChatRequest) async throws -> ChatResponse {
        let response = try await base.respond(to: request)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var line = try encoder.encode(RecordedExchange(model: modelName, request: request, response: response))
        line.append(UInt8(ascii: "\n"))
        try lock.withLock { _ in
            if !FileManager.default.fileExists(atPath: file.path) {
                _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            }
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: line)
        }
        return response
    }
}
