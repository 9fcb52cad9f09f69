public import Calibration
import CalibrationData
import DataFormats

extension RubricComparison {
    /// The verdicts as test cases for a CI reporter, one per dimension compared (``VerdictSuite``), in a
    /// suite named for `command` and the two sides. A case's message quotes the difference (experimental −
    /// control) with its interval and each side's statistic; control better fails, as a regression.
    public func verdictSuite(command: String) -> VerdictSuite {
        VerdictSuite(
            name: "\(command) \(controlName) vs \(experimentalName)" + (info.run.map { " on \($0)" } ?? ""),
            cases: dimensions.map { d in
                let figure =
                    "\(d.statistic.displayName) experimental − control \(ReportNumber.withInterval(d.difference, withReason: true)) "
                    + "(control \(ReportNumber.withInterval(d.control)), experimental \(ReportNumber.withInterval(d.experimental)), "
                    + "\(d.paired) paired rows)"
                return VerdictCase(name: d.name, classname: "judgecal.\(command)", verdict: d.verdict, figure: figure)
            },
            properties: [
                .init("statistic", options.statistic.displayName), .init("control", controlName), .init("experimental", experimentalName),
            ])
    }
}
