import Calibration
public import CalibrationMaps
import DataFormats
import RunInference

extension CalibrationAudit {
    /// The audits as test cases for a CI reporter, one per dimension of the rubric (``VerdictSuite``): a
    /// fail fails and a pass passes; not enough, not graded and a dimension not audited are skipped, the
    /// message saying why and, for not enough, how many more fresh labels would decide it.
    public func verdictSuite(command: String) -> VerdictSuite {
        VerdictSuite(
            name: "\(command) \(verdictSubject)", cases: verdictCases(classname: "judgecal.\(command)"), properties: verdictProperties)
    }

    /// One case per dimension, each named for its dimension after `prefix` (a run's name among several).
    func verdictCases(classname: String, prefix: String = "") -> [VerdictCase] {
        dimensions.map { d in
            VerdictCase(
                name: prefix + d.name, classname: classname, outcome: d.audit?.outcome.rawValue ?? "not-audited",
                gate: d.audit?.outcome.gate ?? .inconclusive,
                message: ([Self.outcomeWords(d)] + sentences(d)).joined(separator: "; "))
        }
    }

    /// The run audited and the calibration (its rubric, its file's hash): "later.run.jsonl, rubric r, calibration 0a1b2c3d4e5f".
    var verdictSubject: String {
        [run, calibration.rubric.map { "rubric \($0)" }, "calibration \(calibration.fileHash.prefix(12))"].compactMap { $0 }
            .joined(separator: ", ")
    }

    /// The margin, α and the family's size.
    var verdictProperties: [VerdictSuite.Property] {
        [
            .init("margin", settings.margin.map { "±\($0.plainText)" } ?? "none (not graded)"), .init("alpha", settings.alpha.plainText),
            .init("family", String(familySize)),
        ]
    }
}

extension CalibrationAudits {
    /// Every run's audits as test cases for a CI reporter, one per run and dimension, named `run / dimension`.
    public func verdictSuite(command: String) -> VerdictSuite {
        VerdictSuite(
            name: "\(command) \(audits.count) runs",
            cases: audits.enumerated().flatMap { i, audit in
                audit.verdictCases(classname: "judgecal.\(command)", prefix: "\(audit.run ?? "run \(i + 1)") / ")
            },
            properties: audits.first?.verdictProperties ?? [])
    }
}
