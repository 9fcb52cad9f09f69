extension ExpertLabels {
    /// Every rater's labels on one dimension, with their notes.
    package func expertLabels(dimension: String) -> [ExpertLabel] {
        labels.compactMap { label in
            label.scores[dimension].map {
                ExpertLabel(
                    rowID: label.id, rater: label.rater, value: $0, note: label.note,
                    inclusionProbability: label.effectiveInclusionProbability)
            }
        }
    }
}
