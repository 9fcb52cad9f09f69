import CalibrationData
import _FuzzSupport

/// `ExternalJudgeScores.load(from:)`: CSV, JSON Lines, or a judgments file
/// (told by the content), through a scratch file on `/dev/shm`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let url = FuzzInput.file(FuzzInput.data(bytes, size), named: "fuzz.scores")
    _ = try? ExternalJudgeScores.load(from: url)
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
