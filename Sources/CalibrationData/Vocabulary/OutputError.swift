import Foundation

/// An output file that cannot be written: which file, why (the system's
/// words), which other outputs were therefore held back, and what to do.
///
/// The command line reports it as exit 73 (`EX_CANTCREAT`) with its
/// description, such as `cannot append to the history file
/// 'calibration/history.jsonl': Permission denied, so the report 'r.html' was
/// not written either; pass --history FILE to append elsewhere, or
/// --no-history`.
public struct OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as the user named it.
    public let path: String
    /// What could not be done, such as `cannot write the report`.
    public let doing: String
    /// Why: the system's words.
    public let reason: String
    /// What to do instead, if there is something to say.
    public let advice: String?
    /// Outputs held back because this one failed (each as `the report 'r.html'`).
    public internal(set) var heldBack: [String] = []

    /// An error for `path`.
    public init(path: String, doing: String, reason: String, advice: String? = nil) {
        self.path = path
        self.doing = doing
        self.reason = reason
        self.advice = advice
    }

    /// An error for `path` whose reason is the C library's text for `errno`.
    package init(path: String, doing: String, errno code: Int32, advice: String? = nil) {
        self.init(path: path, doing: doing, reason: String(cString: strerror(code)), advice: advice)
    }

    public var description: String {
        let held = heldBack.isEmpty ? "" : ", so \(heldBack.joined(separator: " and ")) was not written either"
        return "\(doing) '\(path)': \(reason)\(held)" + (advice.map { "; " + $0 } ?? "")
    }
}
