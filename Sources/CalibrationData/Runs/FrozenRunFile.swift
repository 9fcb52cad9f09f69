import DataFormats
public import Foundation

/// A frozen run read from its JSON Lines file row by row: the header and every row are read and
/// checked once, as ``FrozenRun/load(from:)`` checks them, and only each row's id and place in the
/// file are kept; a row is read and parsed again when it is asked for (``row(at:)``), from the
/// file held open.
///
/// Memory is the ids and two numbers a row, not the rows: what a judge run that needs no row twice
/// at once reads (``JudgeRun/judge(run:rubric:model:options:concurrency:progress:each:)``). The file
/// must not change while it is read; a row that then no longer reads is the error it is, located.
public struct FrozenRunFile: RunRows {
    /// The run's header.
    public let info: RunInfo
    /// The rows' ids, in file order.
    public let ids: [String]
    /// The run file, held open so that a row is read again with one call.
    private let file: RecordFile
    private var name: String { file.name }
    /// Each row's line's first byte in the file, and one past its last.
    private let extents: [Range<Int>]
    private let lines: [Int]

    /// Reads the run file at `url` once, checking it as ``FrozenRun/load(from:)`` does, with the same
    /// errors; `nil` for a run written as one JSON array, which has no lines to read again (load it whole).
    ///
    /// - Throws: ``InputError`` naming the file and line: a missing or malformed header, a row that
    ///   is not valid JSON or lacks a field, a duplicate id, or a run with no rows.
    public static func open(_ url: URL) throws -> FrozenRunFile? {
        let name = InputFile.displayName(url)
        var info: RunInfo?
        var ids: [String] = [], extents: [Range<Int>] = [], lines: [Int] = []
        var positions: [String: Int] = [:]
        let isLines = try JSONLinesReader.forEachLine(
            in: .file(url), file: name,
            withOffsets: { bytes, line, offset throws(InputError) in
                do {
                    let data = Data(buffer: bytes)
                    guard info != nil else {
                        info = try FrozenRun.header(data, file: name, line: line)
                        return
                    }
                    let id = try FrozenRun.row(data, file: name, line: line).id
                    if let first = positions[id] {
                        throw FrozenRun.duplicate(id, file: name, line: line, firstUsed: "on line \(lines[first])")
                    }
                    positions[id] = ids.count
                    ids.append(id)
                    extents.append(offset..<offset + bytes.count)
                    lines.append(line)
                } catch let error as InputError {
                    throw error
                } catch {
                    throw InputError(file: name, line: line, message: String(describing: error))
                }
            })
        guard isLines else { return nil }
        guard let info else { throw FrozenRun.empty(file: name) }
        guard !ids.isEmpty else { throw FrozenRun.noRows(file: name) }
        return FrozenRunFile(info: info, ids: ids, file: try RecordFile(url), extents: extents, lines: lines)
    }

    /// The run with only the rows at `positions`, in run order, still read from the file row by row:
    /// only their ids and places are kept.
    ///
    /// - Throws: ``DataFormats/InputError`` for a position outside the rows.
    public func keepingRows(at positions: [Int]) throws -> FrozenRunFile {
        let kept = try runOrder(of: positions, file: name)
        return FrozenRunFile(
            info: info, ids: kept.map { ids[$0] }, file: file, extents: kept.map { extents[$0] }, lines: kept.map { lines[$0] })
    }

    /// The row at `position`, read from the file and parsed again.
    ///
    /// - Throws: ``InputError`` naming the file and line when the row no longer reads as it did (the
    ///   file changed), or for a position outside the rows.
    public func row(at position: Int) throws -> FrozenRow {
        guard extents.indices.contains(position) else {
            throw InputError(file: name, message: "has no row at position \(position + 1); it has \(ids.count)")
        }
        let row = try FrozenRun.row(try file.bytes(in: extents[position]), file: name, line: lines[position])
        guard row.id == ids[position] else {
            throw InputError(
                file: name, line: lines[position], column: "id",
                message: "changed while it was read: the row here was \(ids[position]), now \(row.id)")
        }
        return row
    }
}
