import Foundation
public import StatisticsCore

/// The levels a judge may choose from for one score dimension.
///
/// A scale is numeric (`.numeric([4: "…", 3: "…"])`), pass/fail, or a
/// custom list of ordered labels. Whatever its kind, a scale presents its
/// ``levels`` in ascending order of value, and that order is the one the prompt
/// lists and the statistics use (``categoryScale``).
///
/// Values: a numeric level is worth its integer; `fail` is 0 and `pass` is 1; a
/// custom label is worth its position, 0 for the first (lowest) label.
public enum ScoringScale: Sendable, Hashable {
    /// Integer levels, each with what it means.
    case numeric([Int: String])
    /// Two levels, pass (1) and fail (0), each with what it means.
    case passFail(passDescription: String, failDescription: String)
    /// Ordered labels, lowest first, each with what it means.
    case custom([CustomLevel])

    /// One label of a custom scale.
    public struct CustomLevel: Sendable, Hashable, Codable {
        /// The label the judge writes, such as `adequate`.
        public var label: String
        /// What the label means.
        public var description: String

        /// Creates a label with its meaning.
        public init(_ label: String, _ description: String) {
            self.label = label
            self.description = description
        }
    }

    /// The levels in ascending order of value.
    public var levels: [ScaleLevel] {
        switch self {
        case .numeric(let map):
            map.keys.sorted().map { ScaleLevel(label: String($0), value: Double($0), description: map[$0] ?? "") }
        case .passFail(let pass, let fail):
            [ScaleLevel(label: "fail", value: 0, description: fail), ScaleLevel(label: "pass", value: 1, description: pass)]
        case .custom(let labels):
            labels.enumerated().map { ScaleLevel(label: $1.label, value: Double($0), description: $1.description) }
        }
    }

    /// The level whose label is `label` (compared without regard to case and
    /// surrounding spaces), or `nil` when the label is not on the scale.
    public func level(labelled label: String) -> ScaleLevel? {
        // Foundation's trimming (through NSString) only when there may be something to trim: an
        // ASCII label that starts and ends with a visible character is already trimmed.
        let visible: (UInt8?) -> Bool = { $0.map { $0 > 0x20 && $0 < 0x7F } ?? false }
        let trimmed = visible(label.utf8.first) && visible(label.utf8.last)
        let wanted = (trimmed ? label : label.trimmingCharacters(in: .whitespacesAndNewlines)).lowercased()
        return levels.first { $0.label.lowercased() == wanted }
    }

    /// The level worth exactly `value`, or `nil`.
    public func level(valued value: Double) -> ScaleLevel? {
        levels.first { $0.value == value }
    }

    /// The declared categories for agreement statistics: the level values in
    /// ascending order, labelled as the judge writes them.
    ///
    /// Agreement statistics build their tables from this declared set, never
    /// from the scores observed, so that an unused level still counts.
    public var categoryScale: CategoryScale {
        let levels = self.levels
        return CategoryScale(values: levels.map(\.value), labels: levels.map(\.label))
    }

    /// A short name of the scale for messages: `1–4`, `pass/fail`, `poor, fair, good`.
    public var summary: String {
        let labels = levels.map(\.label)
        switch self {
        case .numeric:
            guard let first = labels.first, let last = labels.last else { return "(no levels)" }
            let contiguous = levels.count == Int(levels[levels.count - 1].value - levels[0].value) + 1
            return contiguous && labels.count > 1 ? "\(first)–\(last)" : labels.joined(separator: ", ")
        case .passFail: return "pass/fail"
        case .custom: return labels.joined(separator: ", ")
        }
    }
}

/// One level of a scale: what the judge writes, what it is worth, what it means.
public struct ScaleLevel: Sendable, Hashable, Codable {
    /// What the judge writes for this level (`4`, `pass`, `adequate`).
    public var label: String
    /// Its value in statistics and means.
    public var value: Double
    /// What the level means.
    public var description: String

    /// Creates a level.
    public init(label: String, value: Double, description: String) {
        self.label = label
        self.value = value
        self.description = description
    }
}

extension ScoringScale {
    /// Whether this scale's judge writes numbers (`4`) rather than words (`pass`).
    var isNumeric: Bool {
        if case .numeric = self { return true }
        return false
    }
}
