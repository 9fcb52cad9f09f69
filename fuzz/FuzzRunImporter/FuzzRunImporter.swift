import CalibrationData
import RunImports
import Foundation
import _FuzzSupport

/// `RunImporter`: the first byte picks the format (0 detect, then import as
/// detected; 1 evaluation result; 2 Xcode result; 3 JUDGE-BENCH; 4 JSON
/// records; 5 CSV, each with the default field mapping; 6 an Inspect AI log,
/// read from a file named `.eval`; modulo 7), and the rest is the export,
/// through a scratch file on `/dev/shm`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let export = FuzzInput.data(bytes + 1, size - 1)
    let choice = bytes[0] % 7
    let url = FuzzInput.file(export, named: choice == 5 ? "export.csv" : choice == 6 ? "export.eval" : "export.json")
    let format: RunFormat
    switch choice {
    case 0:
        guard let detected = try? RunImporter.detectFormat(of: url) else { return 0 }
        format = detected
    case 1: format = .evaluationResult
    case 2: format = .xcodeResult
    case 3: format = .judgeBench
    case 4: format = .jsonRecords(FieldMapping())
    case 5: format = .csv(FieldMapping())
    default: format = .inspect
    }
    guard let run = try? RunImporter.importRun(from: url, format: format, name: "fuzz") else { return 0 }
    _ = try? run.jsonLines()
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
