public import Foundation

/// An output file named by a user, checked before any work is done: its
/// folder must exist, so that a long run does not end in a file it cannot write.
public enum OutputLocation {
    /// The URL of an output file at `path`, whose folder must exist.
    ///
    /// - Throws: ``OutputLocationError`` naming the path and the missing folder.
    public static func checked(_ path: String) throws(OutputLocationError) -> URL {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        guard folderExists(folder) else {
            throw OutputLocationError("cannot write '\(path)': the folder \(folder) does not exist")
        }
        return url
    }

    /// Whether `path` is a folder.
    static func folderExists(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }
}

/// An output that cannot be created where it was asked for, and what to do
/// about it; the command line exits 73 (cannot create) with it.
public struct OutputLocationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What cannot be written, why, and what to do.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
