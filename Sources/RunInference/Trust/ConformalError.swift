public import DataFormats

/// Why prediction sets or an abstain band could not be calibrated or applied: settings out of
/// range, or a row whose probabilities or level do not fit the scale.
///
/// The description is one sentence a user can act on, naming the row (1-based, in the order
/// given) and the level (0-based, as the rows give it); ``code`` is stable for counting.
public struct ConformalError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case tooFewLevels(Int)
        case level(String, Double)
        case wrongLength(row: Int, given: Int, levels: Int)
        case badProbability(row: Int, level: Int, value: Double)
        case noMass(row: Int)
        case offScale(row: Int, level: Int, levels: Int)
        case badScore(row: Int, value: Double)
        case noCandidates
        case badCandidate(index: Int, lower: Double, upper: Double)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    static func tooFewLevels(_ k: Int) -> Self { Self(.tooFewLevels(k)) }
    static func level(_ name: String, _ value: Double) -> Self { Self(.level(name, value)) }
    static func wrongLength(row: Int, given: Int, levels: Int) -> Self {
        Self(.wrongLength(row: row, given: given, levels: levels))
    }
    static func badProbability(row: Int, level: Int, value: Double) -> Self {
        Self(.badProbability(row: row, level: level, value: value))
    }
    static func noMass(row: Int) -> Self { Self(.noMass(row: row)) }
    static func offScale(row: Int, level: Int, levels: Int) -> Self { Self(.offScale(row: row, level: level, levels: levels)) }
    static func badScore(row: Int, value: Double) -> Self { Self(.badScore(row: row, value: value)) }
    static let noCandidates = Self(.noCandidates)
    static func badCandidate(index: Int, lower: Double, upper: Double) -> Self {
        Self(.badCandidate(index: index, lower: lower, upper: upper))
    }

    /// A stable short code: `too-few-levels`, `level-out-of-range`, `wrong-length`,
    /// `bad-probability`, `no-mass`, `off-scale`, `bad-score`, `no-candidates`, `bad-candidate`.
    public var code: String {
        switch reason {
        case .tooFewLevels: "too-few-levels"
        case .level: "level-out-of-range"
        case .wrongLength: "wrong-length"
        case .badProbability: "bad-probability"
        case .noMass: "no-mass"
        case .offScale: "off-scale"
        case .badScore: "bad-score"
        case .noCandidates: "no-candidates"
        case .badCandidate: "bad-candidate"
        }
    }

    public var description: String {
        switch reason {
        case .tooFewLevels(let k):
            "a scale of \(k) level\(k == 1 ? "" : "s") has no choice to make; prediction sets need at least 2 levels"
        case .level(let name, let value):
            "\(name) \(value.plainText) lies outside (0, 1); give a share strictly between 0 and 1, such as 0.1"
        case .wrongLength(let row, let given, let levels):
            "row \(row) gives \(given) probabilities for a scale of \(levels) levels; give one per level"
        case .badProbability(let row, let level, let value):
            "row \(row), level \(level): probability \(value.plainText) is not a finite number of at least 0"
        case .noMass(let row):
            "row \(row) gives every level probability 0, so it says nothing about the level; leave the row out"
        case .offScale(let row, let level, let levels):
            "row \(row): the experts' level \(level) is not on the scale's levels 0–\(levels - 1)"
        case .badScore(let row, let value):
            "row \(row): the judge's probability \(value.plainText) is not a number in [0, 1]"
        case .noCandidates:
            "no candidate thresholds were given; give at least one (lower, upper) pair"
        case .badCandidate(let index, let lower, let upper):
            "candidate \(index): thresholds (\(lower.plainText), \(upper.plainText)) must be finite with lower ≤ upper"
        }
    }
}

extension ConformalError: KindedError {
    /// ``ErrorKind/usage`` for settings out of range; ``ErrorKind/malformedInput`` for a row or a
    /// candidate that does not fit.
    public var kind: ErrorKind {
        switch reason {
        case .tooFewLevels, .level, .noCandidates, .badCandidate: .usage
        case .wrongLength, .badProbability, .noMass, .offScale, .badScore: .malformedInput
        }
    }
}
