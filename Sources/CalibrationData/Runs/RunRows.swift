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
    /// The run with only the rows at `positions`, in run order: the same kind of rows, so a run read
    /// row by row stays read row by row. The order of `positions` and a position given twice do not
    /// matter.
    ///
    /// - Throws: ``DataFormats/InputError`` for a position outside ``ids``.
    func keepingRows(at positions: [Int]) throws -> Self
}

extension RunRows {
    /// The positions of ``keepingRows(at:)``, each once and in run order.
    ///
    /// - Throws: ``DataFormats/InputError`` for a position outside ``ids``, naming the run as `file`.
    func runOrder(of positions: [Int], file: String) throws -> [Int] {
        let count = ids.count
        if let outside = positions.first(where: { !(0..<count).contains($0) }) {
            throw InputError(file: file, message: "has no row at position \(outside + 1); it has \(count)")
        }
        return Set(positions).sorted()
    }
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

    /// The run with only the rows at `positions`, in run order.
    ///
    /// - Throws: ``DataFormats/InputError`` for a position outside the rows.
    public func keepingRows(at positions: [Int]) throws -> FrozenRun {
        try FrozenRun(info: info, rows: runOrder(of: positions, file: info.name).map { rows[$0] }, file: info.name)
    }
}
