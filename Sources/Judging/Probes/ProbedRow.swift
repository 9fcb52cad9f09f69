/// One row under a probe: the prompt the probe gives for it, or why the row is left out.
///
/// A row is left out, never judged unchanged, when the probe leaves its messages as they were or
/// when a degradation cannot apply to it (a response without a figure under `wrong-number`); the
/// reasons are counted by code (``tally(_:)``).
public enum ProbedRow: Sendable, Hashable {
    /// The prompt for the row under the probe.
    case probed(ProbedPrompt)
    /// The row is left out, for this reason.
    case leftOut(LeftOutReason)

    /// The prompt, or `nil` for a row left out.
    public var prompt: ProbedPrompt? {
        if case .probed(let prompt) = self { return prompt }
        return nil
    }

    /// How many of `outcomes` were left out for each reason, by ``LeftOutReason/code``.
    public static func tally(_ outcomes: [ProbedRow]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for case .leftOut(let reason) in outcomes { counts[reason.code, default: 0] += 1 }
        return counts
    }
}

/// Why a probe leaves a row out: a stable code and a sentence saying what the row lacks.
///
/// The library makes them; a caller counts them (``ProbedRow/tally(_:)``) and shows them.
public struct LeftOutReason: Sendable, Hashable, CustomStringConvertible {
    /// A stable code: `unchanged`, `empty`, `no-negatable-claim`, `one-part`, `no-figure`,
    /// `no-name`, `no-other-name`, `no-element-in-rubric`, `no-element-in-response`,
    /// `no-other-row`, `no-other-text`, `not-a-list`.
    public var code: String
    /// What the row lacks, in a sentence.
    public var message: String

    public var description: String { message }

    /// The probe leaves the row's messages exactly as they were.
    public static let unchanged = LeftOutReason(code: "unchanged", message: "the probe leaves the row's messages as they were")
}
