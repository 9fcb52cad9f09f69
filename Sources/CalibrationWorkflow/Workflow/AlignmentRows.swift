public import CalibrationData

/// The rows `align` works on: the run (or the part of it a ``RowSelection``
/// keeps), the labels on those rows, and the rows the judge is asked — only
/// the ones with a label, since a judgment without one pairs with nothing.
public struct AlignmentRows: Sendable {
    /// The rows reported on: every row of the run, or the selection's.
    public let run: FrozenRun
    /// The labels on those rows.
    public let labels: ExpertLabels
    /// The rows judged: those of ``run`` with at least one label.
    public let judged: FrozenRun

    /// The rows of `run` that `labels` label, after `selection` (whose sample
    /// is drawn among the labelled rows).
    ///
    /// - Throws: as ``RowSelection/rows(of:among:)``.
    public init(run: FrozenRun, labels: ExpertLabels, selection: RowSelection?) throws {
        let labelled = Set(labels.labels.filter { !$0.scores.isEmpty }.map(\.id))
        let part = try selection?.rows(of: run, among: labelled) ?? run
        self.run = part
        self.labels = selection == nil ? labels : labels.restricted(to: Set(part.rows.map(\.id)))
        judged = try FrozenRun(info: part.info, rows: part.rows.filter { labelled.contains($0.id) }, file: part.info.name)
    }
}
