import Foundation

/// An output file that cannot be written: which file, why (the system's
/// words), which other outputs were therefore held back, and what to do.
///
/// The command line reports it as exit 73 (`EX_CANTCREAT`) with its
/// description, such as `cannot append to the history file
/// 'calibration/history.jsonl': Permission denied, so the report 'r.html' was
/// not written either; append the history elsewhere, or keep none`. Where the
/// way out is a setting of the caller's (``remedy``), a tool ends the sentence
/// in its own words instead (``description(advice:)``): `judgecal` names its history
/// options.
public struct OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as the user named it.
    public let path: String
    /// What could not be done, such as `cannot write the report`.
    public let doing: String
    /// Why: the system's words.
    public let reason: String
    /// What to do instead, in the thrower's words, if there is something to say.
    public let advice: String?
    /// What to do instead when it is a setting of the caller's (another file, or none), for a
    /// tool to word naming its options; ``Remedy/ownWords`` otherwise.
    public let remedy: Remedy?
    /// Outputs held back because this one failed (each as `the report 'r.html'`).
    public internal(set) var heldBack: [String] = []

    /// A way out that is a setting of the caller's.
    public enum Remedy: Sendable, Hashable {
        /// Another history file, or none; `isDefault` when the file was the default path, which
        /// assumes the current folder is the project's.
        case otherHistory(isDefault: Bool)
        /// Another place for the splits record.
        case otherSplitsRecord

        /// The library's words for it.
        public var ownWords: String {
            switch self {
            case .otherHistory(isDefault: false): "append the history elsewhere, or keep none"
            case .otherHistory(isDefault: true):
                "the default assumes the current folder is the project's; choose another history file, or none"
            case .otherSplitsRecord: "keep the splits record elsewhere"
            }
        }
    }

    /// An error for `path`.
    public init(path: String, doing: String, reason: String, advice: String? = nil, remedy: Remedy? = nil) {
        self.path = path
        self.doing = doing
        self.reason = reason
        self.advice = advice
        self.remedy = remedy
    }

    /// An error for `path` whose reason is the C library's text for `errno`.
    package init(path: String, doing: String, errno code: Int32, advice: String? = nil, remedy: Remedy? = nil) {
        self.init(path: path, doing: doing, reason: String(cString: strerror(code)), advice: advice, remedy: remedy)
    }

    /// The sentence, ending with `advice` (a tool's words for ``remedy``) instead of the error's own.
    public func description(advice: String?) -> String {
        let held = heldBack.isEmpty ? "" : ", so \(heldBack.joined(separator: " and ")) was not written either"
        return "\(doing) '\(path)': \(reason)\(held)" + (advice.map { "; " + $0 } ?? "")
    }

    public var description: String { description(advice: advice ?? remedy?.ownWords) }
}
