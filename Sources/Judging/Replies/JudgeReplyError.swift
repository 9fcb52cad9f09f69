/// Why a judge's reply could not be used.
///
/// The description is one sentence naming what was wrong, such as
/// `Relevance: 7 is not on the scale 1–4`. The raw reply travels with the
/// failure that collects these (``JudgeFailure``), never thrown away.
///
/// Two errors are equal when their ``code`` and description are, so an error
/// read back from a judgments file equals the one written.
public struct JudgeReplyError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case noJSON(truncated: Bool)
        case invalidJSON(String)
        case missingDimension(String)
        case missingScore(String)
        case missingRationale(String)
        case placeholderRationale(String)
        case offScale(dimension: String, written: String, scale: String)
        case noChoices
        case noLogprobs(String)
        case recorded(code: String, message: String)
    }

    private let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    static func noJSON(truncated: Bool) -> Self { Self(.noJSON(truncated: truncated)) }
    static func invalidJSON(_ detail: String) -> Self { Self(.invalidJSON(detail)) }
    static func missingDimension(_ name: String) -> Self { Self(.missingDimension(name)) }
    static func missingScore(_ name: String) -> Self { Self(.missingScore(name)) }
    static func missingRationale(_ name: String) -> Self { Self(.missingRationale(name)) }
    static func placeholderRationale(_ name: String) -> Self { Self(.placeholderRationale(name)) }
    static func offScale(dimension: String, written: String, scale: String) -> Self {
        Self(.offScale(dimension: dimension, written: written, scale: scale))
    }
    static let noChoices = Self(.noChoices)
    static func noLogprobs(_ detail: String) -> Self { Self(.noLogprobs(detail)) }
    /// An error as a judgments file recorded it: its code and description.
    static func recorded(code: String, message: String) -> Self { Self(.recorded(code: code, message: message)) }

    /// A stable short code for counting failures by kind: `no-json`,
    /// `truncated`, `invalid-json`, `missing-dimension`,
    /// `missing-score`, `missing-rationale`, `placeholder-rationale`,
    /// `off-scale`, `no-choices`, `no-logprobs`.
    public var code: String {
        switch kind {
        case .noJSON(let truncated): truncated ? "truncated" : "no-json"
        case .invalidJSON: "invalid-json"
        case .missingDimension: "missing-dimension"
        case .missingScore: "missing-score"
        case .missingRationale: "missing-rationale"
        case .placeholderRationale: "placeholder-rationale"
        case .offScale: "off-scale"
        case .noChoices: "no-choices"
        case .noLogprobs: "no-logprobs"
        case .recorded(let code, _): code
        }
    }

    public var description: String {
        switch kind {
        case .noJSON(let truncated):
            truncated
                ? "the reply was cut off (token limit) before its JSON object closed"
                : "the reply holds no JSON object"
        case .invalidJSON(let detail): "the reply's JSON does not parse (\(detail))"
        case .missingDimension(let d): "the reply has no member for dimension \(d)"
        case .missingScore(let d): "\(d): the reply gives no score"
        case .missingRationale(let d): "\(d): the reply gives no rationale"
        case .placeholderRationale(let d):
            "\(d): the rationale is the prompt's placeholder \(JudgePromptRenderer.rationalePlaceholder), not a reason"
        case .offScale(let d, let written, let scale): "\(d): \(written) is not on the scale \(scale)"
        case .noChoices: "the server returned no reply"
        case .noLogprobs(let detail): "no log-probabilities for the score token: \(detail)"
        case .recorded(_, let message): message
        }
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.code == b.code && a.description == b.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(description)
    }
}
