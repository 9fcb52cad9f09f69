public import Foundation

/// The files one command writes, written all or none: report files are
/// staged as temporary files beside their targets, and put in place only
/// after the step that must come first (the alignment history line) has
/// succeeded.
///
/// The guarantee `align` gives with it: a report file is renamed into place
/// only after the history line has been appended and flushed to disk
/// (`fsync`), so no report claims a result the history lacks. When the append
/// fails, every staged file is removed and the error names the history file
/// and the reports held back. Were a rename to fail after a successful append
/// (the temporary file sits in the target's own folder, so only a concurrent
/// change to that folder can cause it), the history holds a line whose report
/// is missing, and the error says so; the reverse never happens.
///
/// A file is staged whole (``stage(_:at:role:)``) or begun and appended to as its bytes come
/// (``begin(at:role:)``, ``append(_:to:)``), so a file longer than memory can be written all or none;
/// either way it is flushed to disk before `first` runs.
///
/// What a path names decides how it is written. A device, FIFO or socket (a named pipe, `/dev/null`),
/// and any path under `/dev/` (`/dev/stdout`, whatever standard output is), is a stream: its bytes
/// are kept and written through, in place, after the staged files are renamed; it cannot be staged,
/// and is never replaced by a regular file. Otherwise a symbolic link is followed (to the end of a chain of
/// links, even one that points nowhere yet): the file it points to is written and the link is kept.
///
/// ```swift
/// var outputs = StagedOutputs()
/// try outputs.stage(page, at: "out/report.html", role: "report")
/// try outputs.commit { try entry.append(to: historyURL) }
/// ```
public struct StagedOutputs {
    private struct Staged {
        var path: String
        var role: String
        /// The file written beside the target; `nil` for a stream, written through at commit.
        var temporary: URL?
        var target: URL
        /// The temporary file, open for appending until the commit closes it; -1 for a stream, or once closed.
        var descriptor: Int32
        /// Bytes appended and not yet written: a stream's until the commit, a file's until
        /// ``StagedOutputs/bufferLimit`` of them gather.
        var pending: Data
    }

    /// A file begun with ``begin(at:role:)``, to append to with ``append(_:to:)``.
    public struct File: Sendable, Hashable {
        fileprivate let index: Int
    }

    /// The bytes appended to a file that are gathered before they are written: 1 MiB.
    static let bufferLimit = 1 << 20

    private var staged: [Staged] = []

    /// No files staged yet.
    public init() {}

    /// Checks, before any work, that `path` can be written: its folder
    /// exists, is a folder and lets this process create files, and the target
    /// is not a folder (nor, when `appending`, a file this process may not
    /// write).
    ///
    /// - Parameters:
    ///   - role: what the file is, for the message (`report`, `history file`).
    ///   - advice: what to do instead, appended to the message.
    ///   - remedy: what to do instead when it is a setting of the caller's (``OutputError/remedy``).
    /// - Throws: ``OutputError`` naming `path` and why.
    public static func check(
        _ path: String, role: String, appending: Bool = false, advice: String? = nil, remedy: OutputError.Remedy? = nil
    ) throws(OutputError) {
        let doing = appending ? "cannot append to the \(role)" : "cannot write the \(role)"
        if isStream(path) {
            guard access(path, W_OK) == 0 else { throw OutputError(path: path, doing: doing, errno: errno, advice: advice, remedy: remedy) }
            return
        }
        let url = resolved(URL(fileURLWithPath: path))
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw OutputError(path: path, doing: doing, reason: "the folder \(folder) does not exist", advice: advice, remedy: remedy)
        }
        guard access(folder, W_OK) == 0 else {
            throw OutputError(path: path, doing: doing, errno: errno, advice: advice, remedy: remedy)
        }
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return }
        if isFolder.boolValue {
            throw OutputError(path: path, doing: doing, reason: "it is a folder", advice: advice, remedy: remedy)
        }
        if appending, access(url.path, W_OK) != 0 {
            throw OutputError(path: path, doing: doing, errno: errno, advice: advice, remedy: remedy)
        }
    }

    /// Stages `data` as the whole of `path`: ``begin(at:role:)`` and ``append(_:to:)`` at once.
    ///
    /// - Throws: ``OutputError`` naming `path` when the file cannot be created or written; then
    ///   every file staged before it is removed too, and nothing is left behind.
    public mutating func stage(_ data: Data, at path: String, role: String) throws(OutputError) {
        try append(data, to: try begin(at: path, role: role))
    }

    /// Begins a file for `path`, empty, to be filled by ``append(_:to:)``.
    ///
    /// The file is a new temporary file beside `path` (in the same folder, so that ``commit(after:)``
    /// renames it into place atomically), named `.<name>.<process id>-<8 characters>.partial`, so a run
    /// stopped before its commit leaves nothing that passes for the finished file. A run killed
    /// outright (SIGKILL) cannot remove its own; the next run that begins the same file does
    /// (``removeAbandoned(besides:)``). A stream's bytes are kept until the commit.
    ///
    /// - Throws: ``OutputError`` naming `path` when the temporary file cannot be created; then
    ///   every file staged before it is removed too, and nothing is left behind.
    public mutating func begin(at path: String, role: String) throws(OutputError) -> File {
        let file = File(index: staged.count)
        if Self.isStream(path) {
            staged.append(
                Staged(path: path, role: role, temporary: nil, target: URL(fileURLWithPath: path), descriptor: -1, pending: Data()))
            return file
        }
        let target = Self.resolved(URL(fileURLWithPath: path))
        Self.removeAbandoned(besides: target)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(getpid())-\(UUID().uuidString.prefix(8)).partial")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        if fd < 0 { try fail(path: path, role: role, errno: errno, staged: nil) }
        staged.append(Staged(path: path, role: role, temporary: temporary, target: target, descriptor: fd, pending: Data()))
        return file
    }

    /// Removes the temporary files of `target` that a process no longer running left: those named
    /// `.<name>.<process id>-….partial` whose process id names no process (`kill(pid, 0)` fails with
    /// `ESRCH`). A process still running, this one or another writing the same file, keeps its own; a
    /// name without a process id is left alone. What cannot be listed or removed is left as it is.
    static func removeAbandoned(besides target: URL) {
        let folder = target.deletingLastPathComponent()
        let prefix = ".\(target.lastPathComponent).", suffix = ".partial"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
            let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
            guard let dash = middle.firstIndex(of: "-"), let pid = pid_t(middle[..<dash]), pid > 0 else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH { unlink(folder.appendingPathComponent(name).path) }
        }
    }

    /// Appends `data` to `file`; a file's bytes are written in chunks of ``bufferLimit`` and
    /// flushed to disk at the commit.
    ///
    /// - Throws: ``OutputError`` naming the file when it cannot be written; then every staged file is
    ///   removed, and nothing is left behind.
    public mutating func append(_ data: Data, to file: File) throws(OutputError) {
        guard staged.indices.contains(file.index) else { return }  // the outputs were discarded after a failure
        staged[file.index].pending.append(data)
        if staged[file.index].descriptor >= 0, staged[file.index].pending.count >= Self.bufferLimit { try flush(file.index) }
    }

    /// Writes a file's pending bytes to its temporary file.
    private mutating func flush(_ index: Int) throws(OutputError) {
        let file = staged[index]
        guard file.pending.withUnsafeBytes({ Self.writeAll(file.descriptor, $0) }) else {
            try fail(path: file.path, role: file.role, errno: errno, staged: index)
        }
        staged[index].pending.removeAll(keepingCapacity: true)
    }

    /// Removes every staged file and throws that `path` (staged at position `index`, if it was)
    /// could not be written, naming the other files as held back.
    private mutating func fail(path: String, role: String, errno code: Int32, staged index: Int?) throws(OutputError) -> Never {
        discard()
        var error = OutputError(path: path, doing: "cannot write the \(role)", errno: code)
        error.heldBack = staged.indices.filter { $0 != index }.map { "the \(staged[$0].role) '\(staged[$0].path)'" }
        staged = []
        throw error
    }

    /// Writes what is pending of every file, flushes each to disk (`fsync`) and closes it, then runs
    /// `first`, then renames every staged file into place, then writes the streams.
    ///
    /// - Throws: ``OutputError`` for a file that cannot be written, every staged file removed; when
    ///   `first` throws, every staged file is removed and its error rethrown (an ``OutputError``
    ///   listing the files held back); ``OutputError`` for a file that cannot be renamed into place,
    ///   the rest removed, or a stream that cannot be written.
    public mutating func commit(after first: () throws -> Void = {}) throws {
        for index in staged.indices where staged[index].descriptor >= 0 {
            try flush(index)
            if fsync(staged[index].descriptor) != 0 {
                try fail(path: staged[index].path, role: staged[index].role, errno: errno, staged: index)
            }
            close(staged[index].descriptor)
            staged[index].descriptor = -1
        }
        do {
            try first()
        } catch var error as OutputError {
            discard()
            error.heldBack = staged.map { "the \($0.role) '\($0.path)'" }
            throw error
        } catch {
            discard()
            throw error
        }
        for (k, file) in staged.enumerated() {
            guard let temporary = file.temporary, rename(temporary.path, file.target.path) != 0 else { continue }
            let code = errno
            for later in staged[k...] { later.temporary.map { _ = unlink($0.path) } }
            throw OutputError(
                path: file.path, doing: "cannot put the \(file.role) in place", errno: code,
                advice: "the outputs before it were written")
        }
        for file in staged where file.temporary == nil {
            let fd = open(file.target.path, O_WRONLY)
            let failure: Int32? = fd < 0 ? errno : (file.pending.withUnsafeBytes { Self.writeAll(fd, $0) } ? nil : errno)
            if fd >= 0 { close(fd) }
            if let failure {
                throw OutputError(path: file.path, doing: "cannot write the \(file.role)", errno: failure, advice: "the files were written")
            }
        }
    }

    /// Writes `files` all or none: each is staged beside its target, and all
    /// are renamed into place after `first` has succeeded (``commit(after:)``).
    ///
    /// - Parameter files: each file's bytes, its path as the user named it, and
    ///   what it is, for messages (`report`, `label sheet`).
    /// - Throws: ``OutputError`` naming the file that failed and the ones held back.
    public static func writeAllOrNone(
        _ files: [(data: Data, path: String, role: String)], after first: () throws -> Void = {}
    ) throws {
        var outputs = StagedOutputs()
        for file in files { try outputs.stage(file.data, at: file.path, role: file.role) }
        try outputs.commit(after: first)
    }

    /// Appends `data` to the file at `path` (made when missing), in writes on a descriptor opened with
    /// `O_APPEND`, so what the file held stays as it was: for a file that others append to as well (a CI
    /// job's summary). A stream is written through.
    ///
    /// - Throws: ``OutputError`` naming `path` when it cannot be opened or written.
    public static func append(_ data: Data, to path: String, role: String) throws(OutputError) {
        let doing = "cannot append to the \(role)"
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard fd >= 0 else { throw OutputError(path: path, doing: doing, errno: errno) }
        defer { close(fd) }
        guard data.withUnsafeBytes({ writeAll(fd, $0) }) else { throw OutputError(path: path, doing: doing, errno: errno) }
    }

    /// Closes and removes every staged file; nothing is written.
    public mutating func discard() {
        for index in staged.indices {
            if staged[index].descriptor >= 0 { close(staged[index].descriptor) }
            staged[index].descriptor = -1
            staged[index].temporary.map { _ = unlink($0.path) }
        }
    }

    /// `url` with symbolic links at its end followed (at most 40, as the system does).
    static func resolved(_ url: URL) -> URL {
        var url = url
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) else { break }
            url = destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination) : url.deletingLastPathComponent().appendingPathComponent(destination)
        }
        return url
    }

    /// Whether `path` is under `/dev/` or names (through its links) a device, FIFO or socket:
    /// something written through, not replaced.
    package static func isStream(_ path: String) -> Bool {
        if URL(fileURLWithPath: path).standardized.path.hasPrefix("/dev/") { return true }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFCHR || kind == S_IFBLK || kind == S_IFIFO || kind == S_IFSOCK
    }

    /// Writes every byte of `bytes` to `fd`, continuing after short writes.
    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }
}
