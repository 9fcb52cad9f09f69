import _FuzzSupport
import DataFormats

/// `CSVReader().read` for CSV and, on the same bytes, for TSV.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let data = FuzzInput.data(bytes, size)
    _ = try? CSVReader().read(data, file: "fuzz.csv")
    _ = try? CSVReader(separator: "\t").read(data, file: "fuzz.tsv")
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
