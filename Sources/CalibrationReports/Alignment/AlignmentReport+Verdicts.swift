public import Calibration
import CalibrationData
import DataFormats

extension AlignmentReport {
    /// The verdicts as test cases for a CI reporter, one per dimension (``VerdictSuite``), in a suite named
    /// for `command` (`align`, `certify`) and what was aligned: the run, the rubric and the judge.
    ///
    /// A case's message is the verdict's reason, which quotes the statistic with its interval (a
    /// sequential look's repeated interval, and which look it is) and, when inconclusive, the labelled rows
    /// that would decide it.
    public func verdictSuite(command: String) -> VerdictSuite {
        VerdictSuite(
            name: "\(command) \(info.verdictSubject())", cases: verdictCases(classname: "judgecal.\(command)"),
            properties: verdictProperties)
    }

    /// One case per dimension, each named for its dimension after `prefix` (a judge's name in a table).
    func verdictCases(classname: String, prefix: String = "") -> [VerdictCase] {
        dimensions.map { VerdictCase(name: prefix + $0.name, classname: classname, verdict: $0.verdict, figure: nil) }
    }

    /// The statistic, the threshold (or the factor on the experts' ceiling) and the intervals.
    var verdictProperties: [VerdictSuite.Property] {
        [
            .init("statistic", options.statistic.displayName),
            options.thresholdFromCeiling.map { .init("threshold", "\($0.plainText) × the experts' ceiling") }
                ?? .init("threshold", options.threshold.plainText),
            .init("intervals", "\(options.intervalsName), \((options.confidence * 100).plainText)%"),
        ] + (options.sequentialLooks.map { [.init("sequential looks", "at most \($0)")] } ?? [])
    }
}

extension AlignmentInfo {
    /// What was aligned, for a suite's name: "book-tags.run.jsonl, rubric book-tags, judge m", the parts
    /// known; the judge left out when `judge` is false (a table of several).
    func verdictSubject(judge: Bool = true) -> String {
        [run, rubric.map { "rubric \($0)" }, judge ? model.map { "judge \($0)" } : nil].compactMap { $0 }.joined(separator: ", ")
    }
}

extension PreferenceAlignment {
    /// The verdict on kappa as a CI reporter's one test case (``VerdictSuite``), named `preferences`.
    public func verdictSuite(command: String) -> VerdictSuite {
        VerdictSuite(
            name: "\(command) \(info.verdictSubject())",
            cases: [VerdictCase(name: "preferences", classname: "judgecal.\(command)", verdict: verdict, figure: nil)],
            properties: [.init("statistic", Self.statistic), .init("threshold", verdict.figures.threshold.plainText)])
    }
}
