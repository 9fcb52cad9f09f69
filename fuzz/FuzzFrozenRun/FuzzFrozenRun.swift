import CalibrationData
import _FuzzSupport

/// `FrozenRun.load(from:)` (the run reader takes only a URL, so the bytes go
/// through a scratch file on `/dev/shm`); a run that loads is written back
/// as JSON Lines.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let url = FuzzInput.file(FuzzInput.data(bytes, size), named: "fuzz.run.jsonl")
    guard let run = try? FrozenRun.load(from: url) else { return 0 }
    _ = try? run.jsonLines()
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
