import Foundation

/// What a fuzz target runs when it is built without libFuzzer.
///
/// Every target's `LLVMFuzzerTestOneInput` is exported only in the fuzzing
/// build (`-DFUZZING`, see `scripts/fuzz`). The ordinary build gives each
/// target an `@main` that calls ``run(_:)`` instead, so `swift build` links
/// the targets without the libFuzzer runtime and they keep compiling against
/// the readers they exercise. The same entry point replays saved inputs:
/// `swift run FuzzCSV Tests/Fuzz-regressions/FuzzCSV`.
public enum FuzzReplay {
    /// Feeds each file named on the command line (a folder: each file in it)
    /// to `body`, as libFuzzer would, and prints how many it ran.
    ///
    /// - Parameter body: the target's `LLVMFuzzerTestOneInput`.
    public static func run(_ body: (UnsafePointer<UInt8>, Int) -> Int32) {
        var count = 0
        for path in CommandLine.arguments.dropFirst() {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
                    exit(66)
                }
                // A pointer that stays valid for an empty input too, as libFuzzer's does.
                var bytes = [UInt8](data)
                bytes.append(0)
                _ = bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.map { body($0, data.count) }
                }
                count += 1
            }
        }
        print("\(CommandLine.arguments[0]): ran \(count) input(s) without a crash")
    }

    /// The path itself, or the regular files in it when it is a folder (sorted).
    private static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") && $0 != "README.md" }.map { path + "/" + $0 }
    }
}
