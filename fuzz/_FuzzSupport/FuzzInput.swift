public import Foundation

/// The bytes libFuzzer hands a target, in the forms the readers take.
public enum FuzzInput {
    /// The input as `Data` (a copy, so a reader that keeps it keeps valid memory).
    public static func data(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Data {
        Data(bytes: bytes, count: size)
    }

    /// The input decoded as UTF-8, invalid sequences replaced, as `Rubric.load`
    /// and the model client decode text.
    public static func text(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: bytes, count: size), as: UTF8.self)
    }

    /// Writes `data` to a file named `name` in this process's scratch folder
    /// and returns its URL, for readers that only take a URL (`FrozenRun.load`,
    /// `ExternalJudgeScores.load`, `RunImporter`).
    ///
    /// The folder is on `/dev/shm` when there is one (memory, not disk), and
    /// is one per process, so parallel fuzzing jobs do not share files.
    public static func file(_ data: Data, named name: String) -> URL {
        let url = scratchFolder.appendingPathComponent(name)
        do {
            try data.write(to: url)
        } catch {
            fatalError("the fuzz harness cannot write its scratch file \(url.path): \(error)")
        }
        return url
    }

    private static let scratchFolder: URL = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let url = URL(fileURLWithPath: base).appendingPathComponent("judgecal-fuzz-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            fatalError("the fuzz harness cannot create its scratch folder \(url.path): \(error)")
        }
        return url
    }()
}
