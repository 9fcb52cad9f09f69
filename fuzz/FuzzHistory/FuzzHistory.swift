import Calibration
import CalibrationMaps
import DataFormats
import SelectiveTrust
import _FuzzSupport

/// The history file (through a scratch file): its chain read by `HistoryLog.read(from:)`, then each
/// kind of line by its own reader (alignments, trust, calibrations, audits, and the last audit of each calibration), each record encoded again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let url = FuzzInput.file(FuzzInput.data(bytes, size), named: "fuzz.history.jsonl")
    guard (try? HistoryLog.read(from: url)) != nil else { return 0 }
    for entry in (try? AlignmentHistoryEntry.readAll(from: url)) ?? [] { _ = try? entry.jsonLine() }
    for entry in (try? TrustHistoryEntry.readAll(from: url)) ?? [] { _ = try? entry.jsonLine() }
    for entry in (try? CalibrationHistoryEntry.readAll(from: url)) ?? [] { _ = try? entry.jsonLine() }
    let audits = (try? AuditHistoryEntry.readAll(from: url)) ?? []
    for entry in audits {
        _ = try? entry.jsonLine()
        _ = AuditHistoryEntry.latest(for: entry.calibration, in: audits)
    }
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
