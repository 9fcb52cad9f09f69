import Calibration
import CalibrationMaps
import CommandLineParsing
import JudgeProbes
import RunInference
import SelectiveTrust

/// The exit codes of the commands' verdicts, decided here and not in the
/// libraries (which return outcomes), and the root help's list of every
/// command's codes.
enum VerdictExitCodes {
    /// The exit code of a verdict read as a gate (``VerdictOutcome/gate``): `align`'s and `certify`'s, `probe`'s,
    /// `trust`'s and `estimate --gate`'s, each the worst over its dimensions, probes or gates
    /// (``VerdictOutcome/worst(of:)``), so that a CI job can gate on it without reading the output:
    ///
    /// | gate | code | align, certify | probe | trust | estimate --gate |
    /// |---|---|---|---|---|---|
    /// | passes | 0 ``ExitCode/success`` | aligned | no effect detected; a degradation sensitive | trusted | met |
    /// | fails | 2 | not aligned | biased higher or lower; a degradation insensitive | no threshold | missed |
    /// | inconclusive | 3 | inconclusive | — | too few rows | inconclusive |
    /// | undefined | 4 | undefined | undefined | — | undefined |
    ///
    /// `audit` keeps its own mapping (below): a dimension not graded is inconclusive to a gate, but exits 0.
    /// The codes 2 to 9 are the commands' verdicts (``ExitCode``); ``help`` lists them for the root's help.
    static func code(for gate: VerdictGate) -> ExitCode {
        switch gate {
        case .passes: .success
        case .fails: ExitCode(2)
        case .inconclusive: ExitCode(3)
        case .undefined: ExitCode(4)
        }
    }

    /// The exit code of `calibrate`'s outcome:
    ///
    /// | outcome | code |
    /// |---|---|
    /// | fitted (some dimension has a map) | 0 ``ExitCode/success`` |
    /// | too few rows (no dimension has a map; nothing written) | 3, as `trust`'s too few rows |
    static func code(for outcome: CalibrationOutcome) -> ExitCode {
        switch outcome {
        case .fitted: .success
        case .tooFewRows: ExitCode(3)
        }
    }

    /// The exit code of `history`'s trend:
    ///
    /// | outcome | code |
    /// |---|---|
    /// | stable (every series with limits has its latest point inside them) | 0 ``ExitCode/success`` |
    /// | drifted (some series' latest point outside its limits) | 2 |
    /// | too few points (no series has limits) | 3 |
    static func code(for outcome: HistoryTrend.Outcome) -> ExitCode {
        switch outcome {
        case .stable: .success
        case .drifted: ExitCode(2)
        case .tooFewPoints: ExitCode(3)
        }
    }

    /// The exit code of `audit`'s outcome, the worst over the dimensions audited (fail, then not enough):
    ///
    /// | outcome | code |
    /// |---|---|
    /// | pass (every audit) | 0 ``ExitCode/success`` |
    /// | not graded (no margin declared) | 0 ``ExitCode/success`` |
    /// | fail (some audit) | 2, as `align`'s not aligned |
    /// | not enough (no fail; or no dimension audited) | 3, as `align`'s inconclusive |
    static func code(for outcome: TransportAudit.Outcome) -> ExitCode {
        switch outcome {
        case .pass, .notGraded: .success
        case .fail: ExitCode(2)
        case .notEnough: ExitCode(3)
        }
    }

    /// Every command's exit codes, for the root's help: those of the error classification above and of ``UsageError``
    /// shared by all, `rubric lint`'s failure, and the verdicts of `align`, `certify` and `probe` in the order their
    /// worst outcome is taken.
    static let help = """
        Exit codes of every command: 0 success; 1 failure (the judge server failed, a certificate refused, rubric lint \
        found errors or, with --strict, warnings); 64 usage error; 65 malformed input data; 66 input file cannot be \
        opened; 73 output cannot be created; 74 standard output cannot be written.
        align and certify: 2 some dimension not aligned, else 4 some undefined, else 3 some inconclusive, else 0 (every \
        dimension aligned).
        estimate --gate: 2 some gate missed, else 4 some undefined, else 3 some inconclusive, else 0 (every gate met).
        probe: 2 some probe biased, else 4 some undefined, else 0 (no effect detected).
        trust: 2 some dimension has no threshold, else 3 too few labelled rows, else 0 (every dimension trusted).
        calibrate: 3 no dimension has rows enough for a map (nothing written), else 0.
        audit: 2 some audit fails, else 3 not enough fresh rows to decide some audit (or no dimension audited), else 0 \
        (every audit passes, or, without --margin, none is graded).
        history: 2 some series' latest point outside its control limits (drift), else 3 no series has points enough \
        for limits, else 0.
        compare and the others: 0 when they finish, whatever verdicts they print.
        """
}
