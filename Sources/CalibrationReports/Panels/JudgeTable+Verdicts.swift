public import Calibration

extension JudgeTable {
    /// Every judge's verdicts as test cases for a CI reporter (``VerdictSuite``), one per judge and
    /// dimension, named `judge / dimension`; the panels are left out, as the exit code leaves them out.
    public func verdictSuite(command: String) -> VerdictSuite {
        let aligned = judges.filter { $0.panel == nil }.compactMap { judge in reports[judge.name].map { (judge.name, $0) } }
        return VerdictSuite(
            name: "\(command) \(aligned.count) judges" + (aligned.first.map { " on \($0.1.info.verdictSubject(judge: false))" } ?? ""),
            cases: aligned.flatMap { name, report in report.verdictCases(classname: "judgecal.\(command)", prefix: "\(name) / ") },
            properties: aligned.first?.1.verdictProperties ?? [])
    }
}
