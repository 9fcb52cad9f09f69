import DataFormats

/// A frozen run's rows as a judge run reads them: the run's information, its ids in file order,
/// and each row when it is asked for — the whole run in memory (``FrozenRun``) or read again from
/// its file row by row (``FrozenRunFile``), which keeps memory flat in the number of rows.
public protocol RunRows: Sendable {
    /// The run's name, origin and free-form information.
    var info: RunInfo { get }
    /// The rows' ids, in file order; unique.
    var ids: [String] { get }
    /// The row at `position` (0-based, in file order).
    ///
    /// - Throws: ``DataFormats/InputError`` when the row cannot be read again; a position outside
    ///   ``ids`` is an error too, never a trap.
    func row(at position: Int) throws -> FrozenRow
}

extension FrozenRun: RunRows {
    /// The rows' ids, in file order.
    public var ids: [String] { rows.map(\.id) }

    /// The row at `position`.
    ///
    /// - Throws: ``DataFormats/InputError`` for a position outside the rows.
    public func row(at position: Int) throws -> FrozenRow {
        guard rows.indices.contains(position) else {
            throw InputError(file: info.name, message: "has no row at position \(position + 1); it has \(rows.count)")
        }
        return rows[position]
    }
}
