import AgreementCoefficients
import DataFormats
public import Foundation
import RunInference

/// A calibration file written, and read back checked.
extension CalibrationFile {
    /// The calibration in the file at `url`, checked whole before any map is used.
    ///
    /// Besides being a calibration file this judgecal reads (its `kind` and every field of its type,
    /// ``DataFormats/KindedJSONFile``), it must hold at least one dimension, each name once, and each
    /// dimension a map that can be read: bounds finite and in order; a full map and one map per fold
    /// used, each with as many scores as values (at least one), scores increasing, values
    /// non-decreasing and inside the bounds (``AgreementCoefficients/IsotonicRegression``); folds used
    /// from 2 to those asked; every row's fold one of them, every row an out-of-fold value inside the
    /// bounds, and as many rows as the dimension says.
    ///
    /// - Throws: ``DataFormats/InputError`` naming the file, the line, and the path of the field at fault
    ///   as its column (`dimensions[0].map.full`); a JSON syntax error with its line and column.
    public static func load(from url: URL) throws -> CalibrationFile {
        let (calibration, lines, file) = try KindedJSONFile.decode(
            CalibrationFile.self, from: url, kind: Self.kindName, name: "a calibration file",
            origin: "one is written when a judge is calibrated")
        if let (path, message) = calibration.shapeProblem() {
            throw InputError(file: file, line: lines.line(nearest: path), column: JSONLines.path(path), message: message)
        }
        return calibration
    }

    /// The calibration as the file holds it: pretty-printed JSON, keys sorted, the time in ISO 8601.
    public func json() throws -> Data {
        let encoder = JSONEncoder.report
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// The dimension named `name`, when it has a map.
    public func dimension(_ name: String) -> Dimension? {
        dimensions.first { $0.name == name }
    }

    /// The first field that breaks the file's shape (``load(from:)``): its coding path, and why.
    func shapeProblem() -> (path: [Key], message: String)? {
        guard !dimensions.isEmpty else {
            return ([Key("dimensions")], "holds no dimension's map; a calibration file has at least one")
        }
        guard foldsAsked >= 2 else { return ([Key("foldsAsked")], "\(foldsAsked) folds asked; cross-fitting needs at least 2") }
        var names: Set<String> = []
        for name in dimensions.map(\.name) + unfitted.map(\.name) where !names.insert(name).inserted {
            return ([Key("dimensions")], "names the dimension \(name) twice")
        }
        for (i, d) in dimensions.enumerated() {
            let at = { (keys: [Key]) in [Key("dimensions"), Key(i)] + keys }
            guard d.lowest.isFinite, d.highest.isFinite, d.lowest <= d.highest else {
                return (
                    at([Key("lowest")]), "dimension \(d.name)'s bounds \(d.lowest.plainText)–\(d.highest.plainText) are not a scale's ends"
                )
            }
            if let (keys, message) = problem(of: d.map, within: d.lowest...d.highest, rows: d.rows) {
                return (at([Key("map")] + keys), "dimension \(d.name)'s \(message)")
            }
            for (j, pass) in (d.passMaps ?? []).enumerated() {
                let path = [Key("passMaps"), Key(j)]
                let previous = j == 0 ? d.lowest : d.passMaps?[j - 1].level ?? d.lowest
                guard pass.level > previous, pass.level <= d.highest else {
                    return (
                        at(path + [Key("level")]),
                        "dimension \(d.name)'s pass map at \(pass.level.plainText) is not above the level before it and within the scale"
                    )
                }
                if let (keys, message) = problem(of: pass.map, within: 0...1, rows: d.rows) {
                    return (at(path + [Key("map")] + keys), "dimension \(d.name)'s pass map at \(pass.level.plainText): \(message)")
                }
                guard pass.map.assignment == d.map.assignment else {
                    return (
                        at(path + [Key("map"), Key("assignment")]),
                        "dimension \(d.name)'s pass map at \(pass.level.plainText) puts rows in other folds than its map does"
                    )
                }
                guard pass.map.kind == d.map.kind, pass.map.covariates == d.map.covariates else {
                    return (
                        at(path + [Key("map"), Key("kind")]),
                        "dimension \(d.name)'s pass map at \(pass.level.plainText) is not of its map's kind and covariates"
                    )
                }
            }
        }
        return nil
    }

    /// The first field of a cross-fitted `map` that breaks its shape (its path below the map, and why,
    /// as a phrase after the map's owner): a full map and one map per fold that can be read within
    /// `bounds`, folds from 2 to those asked, each of `rows` rows in a fold, each with an out-of-fold
    /// value within `bounds`.
    func problem(of map: CrossFittedMap, within bounds: ClosedRange<Double>, rows: Int) -> (path: [Key], message: String)? {
        if let problem = Self.kindProblem(of: map) { return ([Key("kind")], "map \(problem)") }
        if let problem = Self.problem(of: map.full, covariates: map.covariates.count, within: bounds) {
            return ([Key("full")], "map \(problem)")
        }
        guard map.folds >= 2, map.folds <= foldsAsked else {
            return ([Key("folds")], "map used \(map.folds) folds; from 2 to the \(foldsAsked) asked")
        }
        guard map.foldMaps.count == map.folds else {
            return ([Key("foldMaps")], "map has \(map.foldMaps.count) fold maps for \(map.folds) folds")
        }
        for (k, foldMap) in map.foldMaps.enumerated() {
            if let problem = Self.problem(of: foldMap, covariates: map.covariates.count, within: bounds) {
                return ([Key("foldMaps"), Key(k)], "map of fold \(k) \(problem)")
            }
        }
        if let (id, fold) = map.assignment.first(where: { !(0..<map.folds).contains($0.value) }) {
            return ([Key("assignment")], "map puts row \(id) in fold \(fold), not one of 0 to \(map.folds - 1)")
        }
        guard Set(map.assignment.keys) == Set(map.outOfFold.keys) else {
            return ([Key("outOfFold")], "map's out-of-fold values are not of the rows its folds hold")
        }
        if let (id, value) = map.outOfFold.first(where: { !bounds.contains($0.value) }) {
            return ([Key("outOfFold")], "map's out-of-fold value \(value.plainText) of row \(id) is outside its bounds")
        }
        guard map.assignment.count == rows else {
            return ([Key("assignment")], "map's folds hold \(map.assignment.count) rows, and the dimension says \(rows)")
        }
        return nil
    }

    /// Why `map` cannot be read (as a phrase: "has no point"), or `nil` when it can.
    static func problem(of map: IsotonicRegression, within bounds: ClosedRange<Double>) -> String? {
        let scores = map.thresholds, values = map.values
        guard !scores.isEmpty, scores.count == values.count else {
            return "has \(scores.count) scores and \(values.count) values; each kept point has one of each, and a map at least one point"
        }
        guard (scores + values).allSatisfy(\.isFinite) else { return "holds a number that is not finite" }
        guard zip(scores, scores.dropFirst()).allSatisfy({ $0 < $1 }) else { return "has scores that do not increase" }
        guard zip(values, values.dropFirst()).allSatisfy({ $0 <= $1 }) else { return "has values that decrease: it is not monotone" }
        guard values.allSatisfy(bounds.contains) else {
            return "has a value outside its bounds \(bounds.lowerBound.plainText)–\(bounds.upperBound.plainText)"
        }
        return nil
    }

    /// A coding path's step: a field's name or an index.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?

        init(_ name: String) {
            stringValue = name
            intValue = nil
        }

        init(_ index: Int) {
            stringValue = String(index)
            intValue = index
        }

        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { self.init(intValue) }
    }
}
