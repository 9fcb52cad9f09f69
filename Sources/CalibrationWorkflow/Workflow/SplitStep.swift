public import Calibration
public import CalibrationData
import DataFormats
public import Foundation
public import Judging
import LanguageModels
import RunInference
import StatisticsCore

/// What `align` and `compare` on a split, and `certify`, do with a split
/// around their judging: restrict the labels and the run to the split's rows,
/// refuse a rubric citing held-out rows, count the validation looks in the
/// history, and on test refuse a second certificate of a lineage unless forced.
///
/// Use: ``init(_:labels:sheets:file:proportions:history:)``, then
/// ``run(_:checking:force:note:)`` for the rows to judge, then
/// ``use(for:rubric:rubricText:judge:)`` (or the comparison's) on the result, then
/// ``writeRecord()`` with the command's outputs.
public struct SplitStep: Sendable {
    /// The split, its record and its labels.
    public let selection: SplitSelection
    /// The history file the looks and certificates are counted in (`nil` on development when no history is kept).
    public let history: URL?
    /// Every entry of the history when the step began.
    public let entries: [AlignmentHistoryEntry]
    private var reused = false

    /// Selects `split` of the labels (``SplitSelection``) and reads the history at `history`.
    ///
    /// - Parameter history: the history file; `nil` (no history kept) is refused on validation and test, whose looks
    ///   and certificates must be counted.
    ///
    /// A row that an earlier certificate in the history judged as a sealed test row must still be a test
    /// row (``SplitSelection``'s `sealedRows`): a split record made again (deleted, or its seed edited)
    /// cannot turn former test rows into development or validation rows.
    ///
    /// - Throws: as ``SplitSelection/init(_:labels:sheets:file:proportions:sealedRows:)`` and ``DataFormats/HistoryRecord/readAll(from:)``;
    ///   ``SplitError`` for no history on validation or test; ``InputError`` naming the split record
    ///   and a former test row it puts elsewhere.
    public init(
        _ split: LabelSplit, labels: ExpertLabels, sheets: [URL], file: URL? = nil, proportions: SplitProportions? = nil,
        history: URL?
    ) throws {
        guard history != nil || split == .development else {
            throw SplitError(.historyRequired(split))
        }
        self.history = history
        entries = try history.map(AlignmentHistoryEntry.readAll(from:)) ?? []
        var sealed: [String: String] = [:]
        for entry in entries {
            guard let certificate = entry.certificate, let rows = entry.split?.rows else { continue }
            let description = "the certificate of \(certificate.rubric) (\(certificate.splitFile), \(certificate.splitIdentity))"
            for row in rows where sealed[row] == nil { sealed[row] = description }
        }
        selection = try SplitSelection(split, labels: labels, sheets: sheets, file: file, proportions: proportions, sealedRows: sealed)
    }

    /// ``init(_:labels:sheets:file:proportions:history:)`` from a command line's text: the label sheets', the
    /// record's and the history's paths, and the shares as the user gives them (none: the default, 50/25/25).
    public init(_ split: LabelSplit, labels: ExpertLabels, sheets: [String], file: String?, shares: [Double], history: String?) throws {
        try self.init(
            split, labels: labels, sheets: sheets.map { URL(fileURLWithPath: $0) }, file: file.map { URL(fileURLWithPath: $0) },
            proportions: shares.isEmpty ? nil : try SplitProportions(parsing: shares), history: history.map { URL(fileURLWithPath: $0) })
    }

    /// The labels on the split's rows.
    public var labels: ExpertLabels { selection.labels }

    /// Writes the split record when it is new or changed (``SplitSelection/writeRecord()``): once the work is done.
    public func writeRecord() throws { try selection.writeRecord() }

    /// `run` with only the split's rows, so that nothing else is judged, once
    /// `rubrics` pass ``check(rubric:force:)``; the selection's notes (rows
    /// joined, labels edited, a record first written) go to `note`.
    ///
    /// - Throws: as ``check(rubric:force:)``; ``InputError`` as ``FrozenRun/init(info:rows:file:)``.
    public mutating func run(
        _ run: FrozenRun, checking rubrics: [Rubric], force: Bool = false, note: (String) -> Void = { _ in }
    ) throws -> FrozenRun {
        for rubric in rubrics { try check(rubric: rubric, force: force) }
        selection.notes.forEach(note)
        let ids = Set(selection.reference.rows)
        return try FrozenRun(info: run.info, rows: run.rows.filter { ids.contains($0.id) }, file: run.info.name)
    }

    /// Checks `rubric` before any judging: its worked examples cite development
    /// rows only; on test, no certificate in the history used any of these test rows yet — of its
    /// lineage or another's, whatever split record it was made with — or `force` marks this one as
    /// reusing them. Certificates written before their rows were kept count when their lineage and
    /// split identity match.
    ///
    /// - Throws: ``InputError`` for an example citing a held-out row;
    ///   ``CertificationError`` for a second certificate without `force`.
    public mutating func check(rubric: Rubric, force: Bool = false) throws {
        try selection.check(rubric)
        guard selection.split == .test else { return }
        let test = Set(selection.reference.rows)
        let earlier = entries.compactMap { entry -> Certificate? in
            guard let certificate = entry.certificate else { return nil }
            guard let rows = entry.split?.rows else {
                return certificate.rubric == rubric.name && certificate.splitIdentity == selection.splits.identity ? certificate : nil
            }
            return rows.contains(where: test.contains) ? certificate : nil
        }
        guard earlier.isEmpty || force else {
            throw CertificationError(
                .alreadyCertified(
                    rubric: earlier.last?.rubric ?? rubric.name, certificates: earlier.count, history: history.map(InputFile.displayName),
                    lastVersion: earlier.last?.rubricVersion))
        }
        reused = !earlier.isEmpty
    }

    /// The rubric texts of the lineage `rubric` looked at on these validation rows before.
    func earlierLooks(of rubric: String) -> (looks: Int, texts: Set<String>) {
        let looks = entries.filter {
            $0.split?.split == .validation && $0.split?.identity == selection.splits.identity && $0.rubric == rubric
        }
        return (looks.count, Set(looks.flatMap { [$0.rubricTextHash, $0.controlRubricTextHash].compactMap { $0 } }))
    }

    /// What `report` says about its split: on validation the looks (this one
    /// counted) with the verdict statistic adjusted; on test the certificate.
    public func use(for report: AlignmentReport, rubric: Rubric, rubricText: String, judge: JudgeIdentity) -> SplitUse {
        let hash = SHA256.hexDigest(of: Array(rubricText.utf8))
        var use = SplitUse(split: selection.reference, editedFrom: rubric.editedFrom)
        switch selection.split {
        case .development:
            break
        case .validation:
            use.looks = looks(of: rubric.name, texts: [hash], level: report.options.confidence,
                figures: report.dimensions.map { ($0.name, $0.statistic.displayName, $0.statisticEstimate) })
        case .test:
            use.certificate = Certificate(
                rubric: rubric.name, rubricVersion: rubric.version, rubricTextHash: hash, editedFrom: rubric.editedFrom,
                judge: judge, splitFile: selection.reference.file, splitIdentity: selection.splits.identity,
                labelFingerprint: selection.splits.fingerprint, testRows: selection.reference.rows.count, testRowsReused: reused)
            use.certificate?.severeBlindSpots = report.severeBlindSpots
        }
        return use
    }

    /// What `comparison` says about its split: the looks, with the difference
    /// experimental − control adjusted for every version looked at.
    public func use(for comparison: RubricComparison, experimental: Rubric, texts: (control: String, experimental: String))
        -> SplitUse
    {
        var use = SplitUse(split: selection.reference, editedFrom: experimental.editedFrom)
        let hashes = [texts.control, texts.experimental].map { SHA256.hexDigest(of: Array($0.utf8)) }
        use.looks = looks(of: experimental.name, texts: Set(hashes), level: comparison.options.confidence,
            figures: comparison.dimensions.map { ($0.name, "difference in \($0.statistic.displayName)", $0.difference) })
        return use
    }

    private func looks(of lineage: String, texts: Set<String>, level: Double, figures: [(String, String, Estimate)]) -> SplitUse.Looks {
        let earlier = earlierLooks(of: lineage)
        let versions = earlier.texts.union(texts).count
        return SplitUse.Looks(
            versions: versions, earlierLooks: earlier.looks, method: "bonferroni over \(versions) versions (normal approximation)",
            dimensions: figures.compactMap { name, figure, estimate in
                SelectionAdjustment.adjusted(estimate, looks: versions, level: level).map {
                    .init(dimension: name, figure: figure, estimate: estimate, adjusted: $0.interval, optimism: $0.optimism)
                }
            })
    }
}
