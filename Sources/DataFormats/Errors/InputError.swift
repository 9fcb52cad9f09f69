/// Bad input, located: which file, which line and column (or field), what was
/// found and what was expected.
///
/// The description reads as one sentence a user can act on, for example
/// `calibration/book-tags.labels.csv line 14, column usefulness: 5 is not on the scale 1–4`.
public struct InputError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file, as the user named it.
    public var file: String
    /// The 1-based line, when the problem has one.
    public var line: Int?
    /// The column: a 1-based character position, or a field or column name.
    public var column: String?
    /// What is wrong, and what was expected.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int? = nil, column: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// Where the problem is: `file line 14, column usefulness`.
    public var location: String {
        var s = file
        if let line { s += " line \(line)" }
        if let column { s += line == nil ? " column \(column)" : ", column \(column)" }
        return s
    }

    public var description: String { "\(location): \(message)" }
}

/// A row a lenient loader left out, with where it was and why.
public struct SkippedRow: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The 1-based line where the row starts.
    public var line: Int
    /// Why it could not be read.
    public var reason: String

    /// Creates a record of a skipped row.
    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// Records an input error as a skipped row.
    public init(_ error: InputError) {
        self.init(file: error.file, line: error.line ?? 0, reason: error.message)
    }

    public var description: String { "\(file) line \(line): \(reason)" }
}

/// What to do with a row that does not decode.
public enum MalformedRowPolicy: String, Sendable, Hashable, Codable {
    /// Stop with an ``InputError`` naming the file and line (the default).
    case fail
    /// Leave the row out and record it; the result's error summary lists it.
    case skip
}
