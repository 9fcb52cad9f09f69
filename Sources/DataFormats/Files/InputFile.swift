public import Foundation

/// Reading the files a user names, with errors that name them the way the
/// user typed them.
public enum InputFile {
    /// The file's contents.
    ///
    /// - Throws: ``InputError`` naming the file when it cannot be read.
    public static func read(_ url: URL) throws(InputError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw InputError(file: displayName(url), message: "cannot be read (\(error.localizedDescription))")
        }
    }

    /// The path relative to the current folder when the file is inside it (as
    /// a user typed it), the full path otherwise.
    public static func displayName(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let path = url.standardizedFileURL.path
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }
}
