import DataFormats
public import Foundation
public import LanguageModels

/// A model that answers from a file of request/response pairs recorded from a
/// real server (by ``RecordingModel``), for tests where a live server would
/// make the test slow.
///
/// It never stands in for the tests of the live path: those call the server.
/// The file is JSON Lines, one ``RecordedExchange`` per line. A request is
/// matched on the same key as ``ResponseCache`` (model name and the whole
/// canonical request, sample index included); a request that was never
/// recorded throws ``LanguageModelError/Code/notRecorded`` instead of
/// inventing an answer.
public struct RecordedRepliesModel: LanguageModel {
    /// The file the replies came from.
    public let file: URL
    /// The model the replies were recorded from.
    public let modelName: String
    private let replies: [String: ChatResponse]

    /// Reads a recorded-replies file.
    ///
    /// - Throws: `InputError` naming the file and line of a record that does not decode, or of a
    ///   record from another model than the first; `InputError` for an empty file.
    public init(contentsOf file: URL) throws {
        self.file = file
        let text = try String(contentsOf: file, encoding: .utf8)
        var replies: [String: ChatResponse] = [:]
        var model: String?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.allSatisfy(\.isWhitespace) {
            let exchange: RecordedExchange
            do {
                exchange = try JSONDecoder().decode(RecordedExchange.self, from: Data(line.utf8))
            } catch let error as DecodingError {
                throw InputError(file: file.path, line: index + 1, message: "not a recorded exchange: \(error.readableDescription)")
            }
            if let model, model != exchange.model {
                throw InputError(
                    file: file.path, line: index + 1,
                    message: "recorded from \(exchange.model), but earlier lines are from \(model); keep one model per file")
            }
            model = exchange.model
            replies[ResponseCache.key(model: exchange.model, request: exchange.request)] = exchange.response
        }
        guard let model else { throw InputError(file: file.path, message: "holds no recorded exchanges") }
        modelName = model
        self.replies = replies
    }

    /// How many distinct requests the file answers.
    public var count: Int { replies.count }

    /// The recorded reply to `request`.
    ///
    /// - Throws: ``LanguageModelError`` (``LanguageModelError/Code/notRecorded``) when the file has none.
    public func respond(to request: ChatRequest) async throws -> ChatResponse {
        let key = ResponseCache.key(model: modelName, request: request)
        guard let reply = replies[key] else {
            throw LanguageModelError(
                .notRecorded,
                "\(file.path) has no recorded reply to this request (key \(key)); record it again from the live server with RecordingModel")
        }
        return reply
    }
}
