import CalibrationData
import Foundation
import _FuzzSupport

/// `LabelSplits.load(from:)`, the split record (through a scratch file); a record that loads is
/// asked for each split's rows and written back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let url = FuzzInput.file(FuzzInput.data(bytes, size), named: "fuzz.splits.json")
    guard let record = try? LabelSplits.load(from: url) else { return 0 }
    for split in LabelSplit.allCases { _ = record.rowIDs(in: split) }
    _ = record.heldOutRows
    _ = record.identity
    try? record.write(to: FuzzInput.file(Data(), named: "fuzz.written.splits.json"))
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
