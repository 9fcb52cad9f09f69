import Calibration
import _FuzzSupport

/// `AlignmentHistoryEntry.readAll(from:)`, the alignment history with its chain (through a scratch
/// file); a history that reads is asked for a certificate and each line encoded again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let url = FuzzInput.file(FuzzInput.data(bytes, size), named: "fuzz.history.jsonl")
    guard let entries = try? AlignmentHistoryEntry.readAll(from: url) else { return 0 }
    for entry in entries { _ = try? entry.jsonLine() }
    _ = try? AlignmentHistoryEntry.latestCertificate(of: entries.first?.rubric ?? "", in: entries, file: "fuzz")
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
