import DataFormats
public import LanguageModels

/// What the judge said about one row: a score and rationale per dimension, or
/// a failure with every raw reply kept.
///
/// ``ModelJudge/judgment(of:id:)`` makes one; a judge run keeps one per row of
/// a frozen run, and the judgments file (`*.judgments.jsonl`) stores one per
/// line. The same record serves both: nothing is copied out of it or dropped
/// on the way to the file.
///
/// A row judged on its own (a sample of an `Evaluation`, which has no id) has
/// an empty ``id``.
public struct Judgment: Sendable, Hashable, Codable {
    /// The row id; empty for a sample judged without one.
    public var id: String
    /// One entry per dimension, in the dimensions' order; empty when the judge failed.
    public var scores: [DimensionJudgment]
    /// Why no score could be read, when the judge failed on this row.
    public var failure: JudgeFailure?
    /// Every reply received, in order, failed attempts included.
    public var rawReplies: [String]
    /// Replies that could not be used and were asked again.
    public var retries: Int
    /// Sampled replies that failed every attempt (sampled mode only); the
    /// scores rest on the others. 0 in files written before it was recorded.
    public var failedSamples: Int
    /// The model that answered, as the server named it.
    public var model: String
    /// SHA-256 of the messages sent (``promptHash(of:)``), so a changed prompt is visible.
    public var promptHash: String
    /// The dimensions this row has no score on although it did not fail as a whole, each with why:
    /// scores made elsewhere and read from a file, where one cell may be blank or off the scale while
    /// the others are scores. `nil` for a judgment of this toolkit's judge, which scores every
    /// dimension or fails the row.
    public var unscored: [String: String]?

    /// Creates a judgment.
    public init(
        id: String,
        scores: [DimensionJudgment],
        failure: JudgeFailure? = nil,
        rawReplies: [String],
        retries: Int,
        failedSamples: Int = 0,
        model: String,
        promptHash: String,
        unscored: [String: String]? = nil
    ) {
        self.id = id
        self.scores = scores
        self.failure = failure
        self.rawReplies = rawReplies
        self.retries = retries
        self.failedSamples = failedSamples
        self.model = model
        self.promptHash = promptHash
        self.unscored = unscored
    }

    /// The judgment of a row the judge failed on: no scores, the failure's
    /// replies as the raw replies, and every attempt after the first as a retry.
    public init(id: String, failure: JudgeFailure, model: String, promptHash: String) {
        self.init(
            id: id,
            scores: [],
            failure: failure,
            rawReplies: failure.attempts.map(\.reply),
            retries: max(0, failure.attempts.count - 1),
            model: model,
            promptHash: promptHash
        )
    }

    /// The score for a dimension, matched case-insensitively.
    public func score(_ dimension: String) -> DimensionJudgment? {
        scores.first { $0.dimension.lowercased() == dimension.lowercased() }
    }

    /// Why the row has no score on `dimension` (matched case-insensitively) although it did not fail
    /// as a whole (``unscored``); `nil` when it has one, or failed.
    public func unscoredReason(_ dimension: String) -> String? {
        unscored?.first { $0.key.lowercased() == dimension.lowercased() }?.value
    }

    /// SHA-256, in hex, of the messages as compact JSON with sorted keys: an array of
    /// `{"content": …, "role": …}`, in order.
    public static func promptHash(of messages: [ChatMessage]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(messages.reduce(64) { $0 + $1.content.utf8.count + 32 })
        for (index, message) in messages.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: #"{"content":"#.utf8)
            JSONValue.appendQuoted(message.content, to: &bytes)
            bytes.append(contentsOf: #","role":"#.utf8)
            JSONValue.appendQuoted(message.role.rawValue, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
        return SHA256.hexDigest(of: bytes)
    }
}

extension Judgment {
    private enum CodingKeys: String, CodingKey {
        case id, scores, failure, rawReplies, retries, failedSamples, model, promptHash, unscored
    }

    /// Reads a judgment as the judgments file stores it; `failedSamples` may be
    /// absent (files written before it was recorded) and reads as 0, `unscored` absent as `nil`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(String.self, forKey: .id),
            scores: try c.decode([DimensionJudgment].self, forKey: .scores),
            failure: try c.decodeIfPresent(JudgeFailure.self, forKey: .failure),
            rawReplies: try c.decode([String].self, forKey: .rawReplies),
            retries: try c.decode(Int.self, forKey: .retries),
            failedSamples: try c.decodeIfPresent(Int.self, forKey: .failedSamples) ?? 0,
            model: try c.decode(String.self, forKey: .model),
            promptHash: try c.decode(String.self, forKey: .promptHash),
            unscored: try c.decodeIfPresent([String: String].self, forKey: .unscored)
        )
    }
}
