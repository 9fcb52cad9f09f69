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
/// ```swift
/// var outputs = StagedOutputs()
/// try outputs.stage(page, at: "out/report.html", role: "report")
/// try outputs.commit { try entry.append(to: historyURL) }
/// ```
public struct StagedOutputs {
    private struct Staged {
        var path: String
        var role: String
        var temporary: URL
        var target: URL
    }

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
        let url = URL(fileURLWithPath: path)
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

    /// Writes `data` to a new temporary file beside `path` (in the same
    /// folder, so that ``commit(after:)`` renames it into place atomically),
    /// flushed to disk.
    ///
    /// - Throws: ``OutputError`` naming `path` when the file cannot be
    ///   created or written; then every file staged before it is removed too,
    ///   and nothing is left behind.
    public mutating func stage(_ data: Data, at path: String, role: String) throws(OutputError) {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString.prefix(8)).partial")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        var failure: Int32? = fd >= 0 ? nil : errno
        if fd >= 0 {
            let written = data.withUnsafeBytes { bytes in Self.writeAll(fd, bytes) }
            failure = written ? (fsync(fd) == 0 ? nil : errno) : errno
            close(fd)
            if failure != nil { unlink(temporary.path) }
        }
        if let failure {
            discard()
            var error = OutputError(path: path, doing: "cannot write the \(role)", errno: failure)
            error.heldBack = staged.map { "the \($0.role) '\($0.path)'" }
            staged = []
            throw error
        }
        staged.append(Staged(path: path, role: role, temporary: temporary, target: target))
    }

    /// Runs `first`, then renames every staged file into place.
    ///
    /// - Throws: when `first` throws, every staged file is removed and its
    ///   error rethrown (an ``OutputError`` listing the files held back);
    ///   ``OutputError`` for a file that cannot be renamed into place, the
    ///   rest removed.
    public func commit(after first: () throws -> Void = {}) throws {
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
        for (k, file) in staged.enumerated() where rename(file.temporary.path, file.target.path) != 0 {
            let code = errno
            for later in staged[k...] { unlink(later.temporary.path) }
            throw OutputError(
                path: file.path, doing: "cannot put the \(file.role) in place", errno: code,
                advice: "the outputs before it were written")
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

    /// Removes every staged file; nothing is written.
    public func discard() {
        for file in staged { unlink(file.temporary.path) }
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
