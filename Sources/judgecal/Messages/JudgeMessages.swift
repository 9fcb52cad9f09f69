import CalibrationData
import CalibrationWorkflow
import DataFormats

/// `judge`'s words for an earlier judgments file at its output (`--output`) that does not read.
enum JudgeMessages {
    /// The error as `judge` words it, at its place.
    static func message(for error: JudgmentSet.PreviousJudgmentsError) -> String {
        switch error.problem {
        case .unreadable(let reason): error.description(saying: JudgmentSet.unreadablePrevious(reason) + "choose another --output")
        }
    }
}
