import Judging

/// `probe`'s words for the battery's errors whose way out is one of its options.
///
/// Those options are the field the response probes rewrite (`--field`) and a pairwise battery
/// (`--pairwise`). The battery says which (``ProbeError/Problem``); its other errors keep their
/// own message.
enum ProbeMessages {
    /// The error as `probe` words it, or `nil` for the error's own message.
    static func message(for error: ProbeError) -> String? {
        switch error.problem {
        case .missingField(let probe, let field, let row)?:
            "the \(probe) probe rewrites the field \(field), and row \(row) has no \(field); "
                + "name the text under judgment with --field (for example response or response.tags)"
        case .notText(let probe, let field, let row, let kind, let textFields)?:
            "the \(probe) probe rewrites text, and the field \(field) of row \(row) holds \(kind), "
                + "not a string or a list of strings; name another with --field" + ProbeField.textFieldsHint(textFields)
        case .notPairwise(let probe)?:
            "the \(probe) probe does not apply: the battery compares two responses per row (--pairwise), and \(probe) "
                + "rewrites one response or the rubric's score layout; of the probes only position applies to a pairwise judge"
        case .onlyPairwise(let probe, let rubric)?:
            "the \(probe) probe does not apply: it swaps the two responses of a pairwise comparison, and the rubric "
                + "\(rubric) is used here to score one response per row; probe a run with two responses per row with "
                + "--pairwise (judgecal probe RUN --rubric R --pairwise --probe position; docs/PROBES.md)"
        case nil: nil
        }
    }
}
