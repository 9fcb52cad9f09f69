import CalibrationData
import DataFormats
public import JudgeProbes
import RunInference
import StatisticsCore

extension ProbeReport {
    /// The verdicts as test cases for a CI reporter, one per probe and dimension, named `probe / dimension`
    /// (``VerdictSuite``). A case's message quotes the shift with its interval, then the verdict's reason
    /// (the shift and its Tarone–Holm-adjusted p-value); a biased probe or an insensitive degradation fails.
    public func verdictSuite(command: String) -> VerdictSuite {
        VerdictSuite(
            name: "\(command) \(run), rubric \(rubric), judge \(model)",
            cases: probes.flatMap { probe in
                probe.dimensions.map { d in
                    VerdictCase(
                        name: "\(probe.name) / \(d.dimension)", classname: "judgecal.\(command)", verdict: d.verdict,
                        figure: "shift \(ReportNumber.withInterval(d.shift.estimate, withReason: true)) over \(d.shift.estimate.n) rows")
                }
            },
            properties: [
                .init("alpha", alpha.plainText), .init("correction", correction),
                .init("intervals", "\((intervalLevel * 100).plainText)%"),
            ])
    }
}
