public import Foundation

/// A record that is one line of a history file (``HistoryLog``): an alignment, a trust
/// certificate, … each a kind of its own in one file, linked line to line.
public protocol HistoryRecord: Codable, Sendable {
    /// The value of the record's `kind` key; `nil` for the kind whose lines carry none (an
    /// alignment's, written before there were other kinds).
    static var historyKind: String? { get }
    /// The SHA-256 (hex) of the line before this one as it stands in the file, without its line
    /// end; set by ``append(to:)``.
    var previous: String? { get set }
}

extension HistoryRecord {
    /// The record as one line of JSON (sorted keys, ISO 8601 time, slashes unescaped), without the newline.
    public func jsonLine() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Reads one line written by ``append(to:)``.
    public static func decode(line: Data) throws -> Self {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Self.self, from: line)
    }

    /// Appends the record to the history file at `url` (``HistoryLog/append(_:to:)``).
    public func append(to url: URL) throws { try HistoryLog.append(self, to: url) }

    /// Every record of this kind in the history file at `url`, in order, the whole file's links
    /// checked (``HistoryLog/read(from:)``); none when there is no file. Lines of other kinds are
    /// other records, not this one's.
    ///
    /// - Throws: ``InputError`` as ``HistoryLog/read(from:)``, or naming the line of this kind
    ///   that is not a record of it.
    public static func readAll(from url: URL) throws -> [Self] {
        try records(in: try HistoryLog.read(from: url), file: InputFile.displayName(url))
    }

    /// Every record of this kind among `lines` (``HistoryLog/read(from:)`` of the file named `file`), in
    /// order: for a reader of several kinds, which reads and checks the file once.
    ///
    /// - Throws: ``InputError`` naming the line of this kind that is not a record of it.
    public static func records(in lines: [HistoryLog.Line], file: String) throws -> [Self] {
        try lines.filter { $0.kind == historyKind }.map { line in
            do {
                return try decode(line: Data(line.text))
            } catch {
                throw InputError(file: file, line: line.number, message: "is not a history entry (docs/FORMATS.md): \(error)")
            }
        }
    }
}

/// A history file (`calibration/history.jsonl` by default): JSON Lines, one ``HistoryRecord`` a
/// line, each line after the first carrying the SHA-256 of the line before it (`previous`), so
/// that a line edited, removed or inserted before the last one breaks the chain.
///
/// Several kinds of record share the file, told apart by their `kind` key (none for an
/// alignment's). The chain runs through all of them, whatever their kind.
public enum HistoryLog {
    /// One line of the file that holds something.
    public struct Line: Sendable {
        /// Its number in the file, from 1.
        public var number: Int
        /// The line as it stands, without its LF or CRLF.
        public var text: Data
        /// Its `kind`; `nil` for an alignment's.
        public var kind: String?
    }

    /// What every line carries whatever its kind.
    private struct Header: Decodable {
        var kind: String?
        var previous: String?
    }

    /// Every line of the history file at `url` that holds something, in order, with the links
    /// between them checked; none when there is no file. The one reader of the history.
    ///
    /// Lines end in LF or CRLF; blank lines are passed over. From the first line that carries a link
    /// on, every line must carry one equal to the SHA-256 of the line before it as it stands. Lines
    /// written before links were kept read as they are. The chain cannot show lines removed from
    /// the end of the file: keep the history under version control.
    ///
    /// - Throws: ``InputError`` naming the file and line of a line that is not a JSON object with
    ///   a text `kind` (when it has one), or where the chain breaks.
    public static func read(from url: URL) throws -> [Line] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let file = InputFile.displayName(url)
        var result: [Line] = []
        var before: (number: Int, hash: String)?
        var chained = false
        for (number, text) in lines(of: try InputFile.read(url)) {
            let header: Header
            do {
                header = try JSONDecoder().decode(Header.self, from: Data(text))
            } catch {
                throw InputError(file: file, line: number, message: "is not a history entry (docs/FORMATS.md): \(error)")
            }
            if let link = header.previous {
                guard let before else {
                    throw InputError(
                        file: file, line: number,
                        message: "this line is linked to a line before it, and there is none: lines at the start of the history were removed; restore the file")
                }
                guard link == before.hash else {
                    throw InputError(
                        file: file, line: number,
                        message: "this line is linked to a line other than line \(before.number) as it stands: line \(before.number) was edited, or lines before this one were removed or inserted; restore the file")
                }
                chained = true
            } else if chained {
                throw InputError(
                    file: file, line: number,
                    message: "this line carries no link to the line before it, though the lines before it are linked: it was added or altered by hand; restore the file")
            }
            before = (number, SHA256.hexDigest(of: Array(text)))
            result.append(Line(number: number, text: Data(text), kind: header.kind))
        }
        return result
    }

    /// Appends `record` as one JSON line to the file at `url`, linked to the line before it
    /// (``HistoryRecord/previous``), flushed to disk (`fsync`) before it returns.
    ///
    /// The file (not its folder) is created when missing. The file is locked (`flock`, exclusive)
    /// while its last line is read and the new line written, so concurrent runs neither interleave
    /// their lines nor link two lines to the same one; the line and its newline go out in a single
    /// `write(2)` on a descriptor opened with `O_APPEND`. A file whose last line lacks its newline
    /// gets one first. A stream (``StagedOutputs``' rule) is written to without a link.
    ///
    /// - Throws: ``OutputError`` naming the file and the system's reason, with another history
    ///   file or none as the way out (``OutputError/Remedy/otherHistory(isDefault:)``).
    public static func append(_ record: some HistoryRecord, to url: URL) throws {
        let path = InputFile.displayName(url)
        let remedy = OutputError.Remedy.otherHistory(isDefault: false)
        let doing = "cannot append to the history file"
        let fd = open(url.path, O_RDWR | O_APPEND | O_CREAT, 0o644)
        guard fd >= 0 else { throw OutputError(path: path, doing: doing, errno: errno, remedy: remedy) }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { throw OutputError(path: path, doing: doing, errno: errno, remedy: remedy) }
        // A stream (StagedOutputs' rule: a device, FIFO or socket, or a path under /dev/) has no lines
        // to link to, and /dev/full reads forever.
        let tail = StagedOutputs.isStream(url.path) ? Data() : try Self.tail(fd, path: path, doing: doing, remedy: remedy)
        var linked = record
        linked.previous = lines(of: tail).last.map { SHA256.hexDigest(of: Array($0.text)) }
        var line = tail.last.map { $0 == 0x0A ? Data() : Data([0x0A]) } ?? Data()
        line.append(try linked.jsonLine())
        line.append(0x0A)
        let written = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == line.count else {
            let reason = written < 0 ? String(cString: strerror(errno)) : "only \(written) of \(line.count) bytes were written"
            throw OutputError(path: path, doing: doing, reason: reason, remedy: remedy)
        }
        guard fsync(fd) == 0 || errno == EINVAL else { throw OutputError(path: path, doing: doing, errno: errno, remedy: remedy) }
    }

    /// The lines of a history file that hold something, numbered from 1, each without its LF or CRLF.
    static func lines(of data: Data) -> [(number: Int, text: Data.SubSequence)] {
        data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated().compactMap { i, line in
            let text = line.last == 0x0D ? line.dropLast() : line
            return text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) ? nil : (i + 1, text)
        }
    }

    /// The end of the open file `fd` from the start of its last non-blank line (``lines(of:)``): read
    /// backwards in 64 KiB windows until a line break comes before that line, or the file's start, so
    /// that linking a line costs the last line, not the whole history.
    private static func tail(_ fd: Int32, path: String, doing: String, remedy: OutputError.Remedy) throws -> Data {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw OutputError(path: path, doing: doing, errno: errno, remedy: remedy) }
        var start = Int(info.st_size)
        var tail = Data()
        let window = 1 << 16
        while start > 0 {
            let size = min(window, start)
            start -= size
            var chunk = Data(count: size)
            let read = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, size, off_t(start)) }
            guard read == size else {
                let reason = read < 0 ? String(cString: strerror(errno)) : "it changed while it was read"
                throw OutputError(path: path, doing: doing, reason: "it could not be read to link the new line: \(reason)", remedy: remedy)
            }
            tail = chunk + tail
            // Two non-blank lines: the last is whole, a line break before it.
            if lines(of: tail).count >= 2 { break }
        }
        return tail
    }
}
