import CalibrationMaps
import CalibrationWorkflow
import CommandLineParsing
import DataFormats

/// `audit`'s and `plan --audit`'s words for their settings' errors and notes, naming the options that set them.
enum AuditMessages {
    static func message(for error: CalibrationAuditSettingsError) -> String {
        switch error {
        case .margin(let x): "--margin \(x.plainText): the margin is a positive number on the experts' scale (the mean residual is tested against ±δ)"
        case .alpha(let x): "--alpha \(x.plainText): a level between 0 and 1"
        case .family(let m): "--family \(m): at least 1 audit"
        case .minimumRows(let n): "--min-rows \(n): at least 2"
        case .bins(let b): "--bins \(b): at least 1"
        }
    }

    static func message(for error: CalibrationAuditError) -> String? {
        switch error {
        case .familyTooSmall(let m, let audited):
            "--family \(m) is fewer than the \(audited) audits this command decides; --family counts every audit decided together"
        default: nil
        }
    }

    /// `--judge-scores` given neither once per run nor not at all, or `--frame` with several runs: usage errors.
    static func refuseSeveralRuns(runs: Int, judgeScores: Int, frame: Bool) throws(UsageError) {
        if judgeScores > 0, judgeScores != runs {
            throw UsageError(
                "--judge-scores was given \(judgeScores) \(judgeScores == 1 ? "time" : "times") for \(runs) runs: give it once per run, "
                    + "in the runs' order, or not at all to judge every run")
        }
        if runs > 1, frame {
            throw UsageError(
                "--frame applies to one run; with \(runs) runs each run's sampling frame is found beside its label sheets")
        }
    }

    static func message(for error: LabelSheetAssignmentError) -> String {
        switch error {
        case .noRun(let sheet, let runs):
            "--labels \(sheet) labels rows of none of the runs \(runs.joined(separator: ", ")), and no sampling frame beside it "
                + "names one; give each run's label sheets with --labels"
        case .severalRuns(let sheet, let runs):
            "--labels \(sheet) fits several runs (\(runs.joined(separator: ", "))), whose rows share the ids it labels; extract "
                + "the sheets with judgecal extract so that the sampling frame beside each names its run, or audit the runs one "
                + "at a time with --family the number of audits decided together"
        case .noSheet(let run):
            "no --labels sheet is of the run \(run): every run audited needs fresh labels of its own rows"
        }
    }

    static func message(for error: CalibrationAuditPlanError) -> String {
        switch error {
        case .power(let p): "--power \(p.plainText): a chance between 0 and 1"
        case .residualSD(let s): "--residual-sd \(s.plainText): a finite number, 0 or more"
        case .mapSD(let s): "--map-sd \(s.plainText): a finite number, 0 or more"
        case .notFinite: "--bias and --shift are finite numbers"
        case .share(let p): "--shift-share \(p.plainText): a share of the rows above 0 and at most 1"
        }
    }

    /// The note when no margin was declared.
    static let notGraded = "no --margin: the audits are not graded, and the exit is 0 whatever the residuals; declare --margin δ to gate on them"
}
