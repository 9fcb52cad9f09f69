import DataFormats
public import Foundation
import StatisticsCore

/// The part of a run a command works on (`judge` and `align`): the rows listed
/// in a file (``RowIDList``), or `count` rows drawn uniformly
/// without replacement with a seeded generator.
///
/// The draw is the first `count` places of a Fisher–Yates shuffle of the
/// candidate rows in run order, by ``StatisticsCore/Xoshiro256StarStar``
/// seeded with `seed`: the same run, candidates, count and seed give the same
/// rows on every machine. The rows kept stay in run order.
public enum RowSelection: Sendable, Hashable {
    /// The rows whose ids the file at the URL lists, one a line.
    case ids(URL)
    /// `count` rows drawn with the generator seeded by `seed`.
    case sample(count: Int, seed: UInt64)

    /// The selection the options ask for, or `nil` for every row.
    ///
    /// - Throws: ``LabelSheet/SettingsError`` when both are given, or for a sample of no rows.
    public static func from(ids: URL?, sample: Int?, seed: UInt64) throws -> RowSelection? {
        switch (ids, sample) {
        case (nil, nil): return nil
        case (_?, _?): throw LabelSheet.SettingsError(.idsAndSample)
        case (let url?, nil): return .ids(url)
        case (nil, let count?):
            guard count >= 1 else { throw LabelSheet.SettingsError(.sampleTakesNoRows(count)) }
            return .sample(count: count, seed: seed)
        }
    }

    /// `run` with only the selected rows, in run order, as the same kind of rows
    /// (``RunRows/keepingRows(at:)``): a run read from its file row by row
    /// (``FrozenRunFile``) keeps only the selected rows' ids and places, so
    /// memory stays flat in the run's rows; a run in memory keeps the selected rows.
    ///
    /// The selection is made on the run's ids alone: the same ids, candidates,
    /// count and seed give the same rows whichever kind of rows `run` is.
    ///
    /// - Parameter candidates: the rows a sample is drawn from (for `align`, the
    ///   labelled ones); `nil` for every row. A list of ids is not limited to them.
    /// - Throws: ``InputError`` as ``RowIDList/load(from:run:)`` throws (an id the
    ///   run lacks, or given twice, with its line); ``LabelSheet/SettingsError`` for a
    ///   sample larger than the candidates.
    public func rows<Run: RunRows>(of run: Run, among candidates: Set<String>? = nil) throws -> Run {
        try run.keepingRows(at: positions(in: run, among: candidates))
    }

    /// The positions in `run` of the selected rows, in run order.
    private func positions(in run: some RunRows, among candidates: Set<String>?) throws -> [Int] {
        let ids = run.ids
        switch self {
        case .ids(let url):
            let kept = try RowIDList.load(from: url, run: run)
            return ids.indices.filter { kept.contains(ids[$0]) }
        case .sample(let count, let seed):
            let pool = ids.indices.filter { candidates?.contains(ids[$0]) ?? true }
            guard count <= pool.count else {
                throw LabelSheet.SettingsError(.sampleBeyondPool(count, pool: pool.count, labelledOnly: candidates != nil))
            }
            var order = Array(pool.indices)
            var generator = Xoshiro256StarStar(seed: seed)
            shuffle(&order, count: count, generator: &generator)
            return order.prefix(count).map { pool[$0] }.sorted()
        }
    }
}
