import CalibrationReports
import _FuzzSupport

/// `ReportDocument(json:file:)`; a report that reads must also render as HTML
/// and Markdown, and write itself back as JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let report = try? ReportDocument(json: FuzzInput.data(bytes, size), file: "fuzz.report.json") else { return 0 }
    _ = report.html
    _ = report.markdown
    _ = try? report.json()
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
