public import Foundation

/// Where the project's shared, read-only material lives: `../shared` beside the
/// checkout (as on every developer machine and in CI), or the folder named by
/// the `JUDGECAL_SHARED` environment variable.
public enum SharedData {
    /// The package's root folder, found from this file's path.
    public static let packageRoot: URL = {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // _TestSupport
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
    }()

    /// The `shared` folder.
    public static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["JUDGECAL_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    /// A file inside the `shared` folder, such as `reference/agreement-vectors.json`.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// A file inside the package, such as `rubrics/book-tags.md`.
    public static func projectURL(_ relativePath: String) -> URL {
        packageRoot.appendingPathComponent(relativePath)
    }

    /// `text` written as UTF-8 to a file `name` in a fresh temporary folder labelled `label`.
    public static func temporaryFile(_ text: String, named name: String, in label: String = "test") throws -> URL {
        let url = try temporaryFolder(label).appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// A fresh, empty temporary folder for one test.
    public static func temporaryFolder(_ label: String = "test") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("judgecal-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
