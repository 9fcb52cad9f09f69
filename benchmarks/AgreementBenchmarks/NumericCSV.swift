import EvaluationCore
import Foundation

/// A reader for the benchmark's own CSV files: a header line, then rows of
/// numeric fields separated by commas, no quoting; an empty field is missing.
///
/// It stands in for the project's CSV reader (being written on another
/// branch) so that the cost of reading the file can be measured apart from
/// the statistics. Every malformed field is an ``InputError`` naming line and
/// column, never skipped.
struct NumericCSV {
    /// Column names, from the header.
    var header: [String]
    /// One array per column, row by row.
    var columns: [[Double?]]

    /// Reads and parses `url`.
    init(contentsOf url: URL) throws {
        var bytes = [UInt8](try InputFile.read(url))
        bytes.append(0)  // so strtod always stops inside the buffer
        let file = InputFile.displayName(url)
        (header, columns) = try bytes.withUnsafeBufferPointer { try Self.parse($0, file: file) }
    }

    /// The column named `name`.
    func column(_ name: String) -> [Double?]? {
        header.firstIndex(of: name).map { columns[$0] }
    }

    private static let comma = UInt8(ascii: ","), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

    /// A field of at most 15 digits with an optional minus sign (ratings are
    /// whole numbers), read directly; `nil` for anything else, which strtod reads.
    @inline(__always)
    private static func wholeNumber(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> (Double, Int)? {
        let negative = buffer[start] == UInt8(ascii: "-")
        var position = negative ? start + 1 : start
        var value = 0
        while buffer[position] &- UInt8(ascii: "0") < 10 {
            value = value * 10 + Int(buffer[position] &- UInt8(ascii: "0"))
            position += 1
        }
        let digits = position - start - (negative ? 1 : 0)
        let next = buffer[position]
        guard digits > 0, digits <= 15, next == comma || next == newline || next == carriageReturn || next == 0 else { return nil }
        return (negative ? -Double(value) : Double(value), position)
    }

    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>, file: String) throws -> ([String], [[Double?]]) {
        let end = buffer.count - 1  // the terminating 0
        guard let base = buffer.baseAddress, end > 0 else { throw InputError(file: file, message: "is empty; expected a header line") }
        var position = 0
        while position < end && buffer[position] != newline { position += 1 }
        let headerText = String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<position]), as: UTF8.self)
        let header = headerText.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let width = header.count
        var columns = [[Double?]](repeating: [], count: width)
        position += 1
        var line = 1
        while position < end {
            line += 1
            if buffer[position] == newline { position += 1; continue }  // a blank line
            for c in 0..<width {
                let start = position
                if buffer[position] == comma || buffer[position] == newline || buffer[position] == carriageReturn || position == end {
                    columns[c].append(nil)
                } else if let (value, stop) = wholeNumber(buffer, from: start) {
                    columns[c].append(value)
                    position = stop
                } else {
                    var stop: UnsafeMutablePointer<CChar>?
                    let field = UnsafeRawPointer(base + start).assumingMemoryBound(to: CChar.self)
                    let value = strtod(field, &stop)
                    position = stop.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? start
                    guard position > start, value.isFinite else {
                        throw InputError(file: file, line: line, column: header[c], message: "expected a number or an empty field")
                    }
                    columns[c].append(value)
                }
                if position < end && buffer[position] == carriageReturn { position += 1 }
                let last = c == width - 1
                guard position < end ? buffer[position] == (last ? newline : comma) : last else {
                    let what = last ? "the end of the line after \(width) fields" : "a comma after the field"
                    throw InputError(file: file, line: line, column: header[c], message: "expected \(what)")
                }
                position += 1
            }
        }
        return (header, columns)
    }
}
