import DataFormats
import Foundation

/// Checks shared by the rubric reader and the linter: a word scale written
/// best first, a numeric scale with a gap, and keys a JSON rubric does not have.
enum RubricChecks {
    /// Labels that name the good end of a word scale (compared whole, in lower case).
    static let goodEnd: Set<String> = [
        "excellent", "outstanding", "perfect", "great", "very good", "good", "strong", "high", "very high", "best",
        "correct", "fully correct", "yes", "always", "complete", "accurate", "relevant", "highly relevant", "helpful",
        "very helpful", "acceptable", "strongly agree", "agree", "very likely", "likely", "superior", "safe", "faithful",
    ]
    /// Labels that name the bad end of a word scale.
    static let badEnd: Set<String> = [
        "poor", "very poor", "bad", "very bad", "terrible", "awful", "worst", "weak", "low", "very low", "incorrect",
        "wrong", "no", "never", "none", "incomplete", "inaccurate", "irrelevant", "unhelpful", "unacceptable",
        "strongly disagree", "disagree", "very unlikely", "unlikely", "inferior", "unsafe", "unfaithful", "fail", "failing",
    ]

    private static func normalised(_ label: String) -> String {
        label.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
    }

    /// Why the word labels look written best first, or `nil`.
    ///
    /// A custom scale is ordered as written, lowest first, so `Excellent, Good,
    /// Fair, Poor` would score Excellent lowest. The labels are read as best
    /// first when the first names the good end and the last the bad end.
    static func bestFirstProblem(labels: [String], dimension: String) -> String? {
        guard let first = labels.first, let last = labels.last, labels.count >= 2,
            goodEnd.contains(normalised(first)), badEnd.contains(normalised(last))
        else { return nil }
        return
            "the levels of \(dimension) run from \(first) to \(last), best first; a word scale is written lowest first (its first level scores lowest), so this order would invert every score — list the levels from \(last) up to \(first)"
    }

    /// The numbers a numeric scale skips between its lowest and highest level
    /// (`1, 2, 4` skips 3).
    static func gaps(in values: [Int]) -> [Int] {
        guard let low = values.min(), let high = values.max(), high - low < 10_000 else { return [] }
        let present = Set(values)
        return (low...high).filter { !present.contains($0) }
    }

    /// The keys each object of a JSON rubric may have, by its kind.
    private static let keys: [String: Set<String>] = [
        "rubric": ["name", "version", "description", "edited-from", "rationale-opening", "instructions", "target", "reference", "dimensions", "examples"],
        "reference": ["label", "template"],
        "dimension": ["name", "description", "scale"],
        "scale": ["kind", "levels"],
        "level": ["label", "description"],
        "example": ["title", "row", "target", "scores", "reason"],
    ]

    /// The first key of a JSON rubric that is not part of the format, as its
    /// path (`dimensions[0].scale.level`), with the keys allowed there; `nil`
    /// when there is none. A Markdown rubric rejects an unknown section, and a
    /// JSON rubric must not quietly ignore a misspelt key either.
    static func unknownKey(in rubric: JSONValue) -> (path: String, allowed: [String])? {
        func check(_ value: JSONValue?, kind: String, path: String) -> (String, [String])? {
            guard case .object(let members)? = value, let allowed = keys[kind] else { return nil }
            for key in members.keys.sorted() where !allowed.contains(key) {
                return (path.isEmpty ? key : path + "." + key, allowed.sorted())
            }
            return nil
        }
        func each(_ value: JSONValue?, kind: String, path: String, then: (JSONValue, String) -> (String, [String])?) -> (
            String, [String]
        )? {
            for (i, element) in (value?.array ?? []).enumerated() {
                let p = "\(path)[\(i)]"
                if let found = check(element, kind: kind, path: p) ?? then(element, p) { return found }
            }
            return nil
        }
        if let found = check(rubric, kind: "rubric", path: "") { return found }
        if let found = each(rubric["reference"], kind: "reference", path: "reference", then: { _, _ in nil }) {
            return found
        }
        if let found = each(
            rubric["dimensions"], kind: "dimension", path: "dimensions",
            then: { d, p in
                check(d["scale"], kind: "scale", path: p + ".scale")
                    ?? each(d["scale"]?["levels"], kind: "level", path: p + ".scale.levels", then: { _, _ in nil })
            })
        {
            return found
        }
        return each(rubric["examples"], kind: "example", path: "examples", then: { _, _ in nil })
    }
}
