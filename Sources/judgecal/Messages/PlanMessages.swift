import Calibration

/// `plan`'s words for what the plan decides, naming its options and `align`'s (`--run`,
/// `align --ci analytic`, `align --sequential`).
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
        case .verdictMethod(let level):
            "the verdict uses \(level)% normal intervals with the Fleiss–Cohen–Everitt SE (align --ci analytic), looked at once; for repeated looks use align --sequential"
        }
    }
}
