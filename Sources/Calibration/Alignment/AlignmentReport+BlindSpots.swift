public import CalibrationData

extension AlignmentReport {
    /// Carries the judge's severe blind spots (``CalibrationData/SevereBlindSpot``, from its last probe
    /// battery) into the verdicts: a dimension the judge was insensitive on to a severe degradation is
    /// *not aligned* whatever its agreement, its reason saying so after the agreement's; an undefined
    /// verdict stays undefined (there is no agreement to overrule) with the finding added to its reason.
    /// Findings on dimensions the report does not hold are ignored.
    ///
    /// A judge that keeps its score when a claim is negated or a figure changed passes wrong answers
    /// however often it agrees with the experts on ordinary ones (docs/PROBES.md, "Severity into the verdict").
    public mutating func markBlindSpots(_ spots: [SevereBlindSpot]) {
        for index in dimensions.indices {
            let mine = spots.filter { $0.dimension == dimensions[index].name }
            guard !mine.isEmpty else { continue }
            var verdict = dimensions[index].verdict
            let finding = "insensitive to the severe \(mine.count == 1 ? "degradation" : "degradations") "
                + mine.map(\.phrase).joined(separator: ", ")
            if verdict.outcome == .undefined {
                verdict.reason += "; \(finding)"
            } else {
                verdict.outcome = .notAligned
                verdict.reason += "; but the judge is \(finding): unfit on this dimension whatever its agreement"
                verdict.figures.additionalRowsNeeded = nil
            }
            dimensions[index].verdict = verdict
            dimensions[index].severeBlindSpots = mine
        }
    }

    /// Every dimension's severe blind spots, in the rubric's order; `nil` when none.
    public var severeBlindSpots: [SevereBlindSpot]? {
        let all = dimensions.flatMap { $0.severeBlindSpots ?? [] }
        return all.isEmpty ? nil : all
    }
}
