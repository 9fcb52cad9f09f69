import Foundation

extension SharedData {
    /// A folder in which this process cannot create a file: a fresh temporary
    /// folder made read-only (mode 0555), or, for root, whom modes do not stop,
    /// `/sys`, where the kernel refuses every new file to everyone.
    public static func unwritableFolder() throws -> String {
        guard geteuid() != 0 else { return "/sys" }
        let folder = try temporaryFolder("read-only")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        return folder.path
    }
}
