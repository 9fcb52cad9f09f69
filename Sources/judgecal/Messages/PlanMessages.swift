import Calibration
import StatisticsCore

/// `plan`'s words for what the plan decides, naming its options and `align`'s (`--run`,
/// `align --ci`, `align --sequential`).
enum PlanMessages {
    /// A plan's error as `plan` words it; `nil` for one whose description names no option.
    static func message(for error: LabelPlanError) -> String? {
        switch error {
        case .pilotWithoutJudgments:
            "a pilot sheet needs the judge's scores of its rows: give --run with the judgments file (.judgments.jsonl)"
        default: nil
        }
    }

    /// The plan's assumptions in `judgecal`'s words (``PlanWording``).
    static func words(for wording: PlanWording) -> String {
        switch wording {
        case .uniformLevels: "no judgments given: both raters use every level equally often; give --run for the judge's own distribution"
        case .verdictMethod(let level, let method, let chosen):
            "the verdict uses \(level)% \(PlanWording.describe(method)) (align --ci \(method.rawValue)\(chosen ? "" : ", align's default for this statistic")), looked at once; for repeated looks use align --sequential"
        }
    }
}
