import CalibrationData
public import DataFormats
public import Foundation

extension InspectLog {
    /// The scorers' scores as a judge-scores file (JSON Lines, read by
    /// ``ExternalJudgeScores``), so `judgecal align` can measure
    /// the judge an Inspect scorer used against expert labels.
    ///
    /// One line per sample: `id` (the row's), one field per dimension and a
    /// `<dimension>_rationale` holding the scorer's explanation. A dimension is
    /// a scorer's name, or `<scorer>.<key>` for each key of a score whose value
    /// is an object. Values are read as Inspect's `value_to_float` reads them:
    /// `C` 1, `P` 0.5, `I` and `N` 0, `yes`/`true` 1, `no`/`false` 0, a
    /// boolean 1 or 0, a number or numeric text as that number. A value that
    /// reads as none of these (a list, other text) is `null`, no score, which
    /// the alignment counts as a judge failure — where Inspect would count 0
    /// with a warning.
    public func judgeScoresJSONLines() -> Data {
        var out = ""
        for sample in samples {
            var line: [String: JSONValue] = ["id": .string(sample.row.id)]
            for score in sample.scores {
                for (dimension, value) in Self.dimensions(of: score) {
                    line[dimension] = Self.number(value).map(JSONValue.number) ?? .null
                    if let explanation = score.explanation { line[dimension + "_rationale"] = .string(explanation) }
                }
            }
            out += JSONValue.object(line).compactJSON + "\n"
        }
        return Data(out.utf8)
    }

    /// The dimensions in the scores of every sample, in order of first appearance.
    public var scoreDimensions: [String] {
        var seen: [String] = []
        for sample in samples {
            for score in sample.scores {
                for (dimension, _) in Self.dimensions(of: score) where !seen.contains(dimension) { seen.append(dimension) }
            }
        }
        return seen
    }

    private static func dimensions(of score: Score) -> [(String, JSONValue)] {
        guard case .object(let parts) = score.value else { return [(score.scorer, score.value)] }
        return parts.sorted { $0.key < $1.key }.map { ("\(score.scorer).\($0.key)", $0.value) }
    }

    /// A score value as Inspect's default `value_to_float` reads it, or `nil` where it would only warn.
    public static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .bool(let b): return b ? 1 : 0
        case .number(let d): return d
        case .string(let s):
            switch s {
            case "C": return 1
            case "P": return 0.5
            case "I", "N": return 0
            default: break
            }
            switch s.lowercased() {
            case "yes", "true": return 1
            case "no", "false": return 0
            default:
                let number = Double(s.trimmingCharacters(in: .whitespaces))
                return number.flatMap { $0.isFinite ? $0 : nil }
            }
        default: return nil
        }
    }
}
