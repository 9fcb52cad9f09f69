public import DataFormats

/// One of the three parts the labelled rows are split into, so that a rubric
/// is iterated on without fooling its author.
///
/// - ``development``: read freely — the disagreement digest, worked examples.
/// - ``validation``: compared on; every look is counted in the history, and
///   the report adjusts the best version's interval for the number of looks.
/// - ``test``: sealed; judged once by `judgecal certify`, whose result is the
///   claim a team may publish.
public enum LabelSplit: String, Sendable, Hashable, Codable, CaseIterable {
    /// Rows an author reads and cites as worked examples.
    case development
    /// Rows rubric versions are compared on, each look counted.
    case validation
    /// Rows judged once, to certify one rubric.
    case test
}

/// The shares of the labelled rows that go to development, validation and
/// test; 50/25/25 by default.
public struct SplitProportions: Sendable, Hashable, Codable {
    /// The development share, in [0, 1].
    public var development: Double
    /// The validation share, in [0, 1].
    public var validation: Double
    /// The test share, in [0, 1].
    public var test: Double

    /// Shares that sum to 1 (up to 10⁻⁹).
    ///
    /// - Throws: ``SplitError`` for a negative or non-finite share, or shares whose sum is not 1.
    public init(development: Double = 0.5, validation: Double = 0.25, test: Double = 0.25) throws(SplitError) {
        try Self.checkShares([development, validation, test])
        let sum = development + validation + test
        guard abs(sum - 1) < 1e-9 else {
            throw SplitError(
                "the development, validation and test shares must add up to 1 (or 100); these add up to \(sum.plainText)")
        }
        self.development = development
        self.validation = validation
        self.test = test
    }

    /// Refuses a negative or non-finite share, naming it.
    private static func checkShares(_ shares: [Double]) throws(SplitError) {
        for share in shares where !(share.isFinite && share >= 0) {
            throw SplitError("a split's share must be a number of 0 or more; got \(share.plainText)")
        }
    }

    private enum CodingKeys: String, CodingKey { case development, validation, test }

    /// Reads the shares, checked as ``init(development:validation:test:)`` checks them.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            development: try c.decode(Double.self, forKey: .development), validation: try c.decode(Double.self, forKey: .validation),
            test: try c.decode(Double.self, forKey: .test))
    }

    /// The shares written as three numbers, `50,25,25` (percentages, summing
    /// to 100) or `0.5,0.25,0.25` (fractions, summing to 1).
    ///
    /// - Throws: ``SplitError`` for a count other than three or shares that do not add up.
    public init(parsing values: [Double]) throws(SplitError) {
        guard values.count == 3 else {
            throw SplitError("give three shares, development,validation,test (such as 50,25,25); got \(values.count)")
        }
        try Self.checkShares(values)  // as written, so a message names the number typed, not its fraction
        let scale = values.reduce(0, +) > 1 + 1e-9 ? 100.0 : 1.0
        try self.init(development: values[0] / scale, validation: values[1] / scale, test: values[2] / scale)
    }

    /// The split of a row whose hash, read as a fraction, is `u` in [0, 1):
    /// development below the development share, validation below the first two
    /// shares' sum, test above.
    func split(at u: Double) -> LabelSplit {
        if u < development { return .development }
        if u < development + validation { return .validation }
        return .test
    }
}

/// Splits that cannot be made or used as asked, with what to do instead.
public struct SplitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and what to do, in the library's words.
    public let message: String
    /// What is wrong, where the way out is a setting of the caller's, for a tool to word naming
    /// its options; `nil` when ``message`` says all.
    public let problem: Problem?

    /// What is wrong, with what a tool needs to say so in its own words.
    public enum Problem: Sendable, Hashable {
        /// Looks at this split's rows without a history file, which must count them.
        case historyRequired(LabelSplit)
    }

    package init(_ message: String) {
        self.message = message
        problem = nil
    }

    package init(_ problem: Problem) {
        self.problem = problem
        switch problem {
        case .historyRequired(let split):
            message = "looks at \(split.rawValue) rows are counted in the history; they cannot be made without a history file"
        }
    }

    public var description: String { message }
}

extension SplitError: KindedError {
    /// ``ErrorKind/usage``: a split that cannot be made or used as asked (shares, a record with other shares, a split with no rows, no history with a split).
    public var kind: ErrorKind { .usage }
}
