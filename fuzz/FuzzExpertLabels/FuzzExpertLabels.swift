import CalibrationData
import Judging
import _FuzzSupport

/// `ExpertLabels.read` on a label sheet for the book-tags rubric's dimensions:
/// scores as levels with the run's ids checked, and as means without.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let data = FuzzInput.data(bytes, size)
    let dimensions = FuzzFixtures.bookTags.dimensions
    _ = try? ExpertLabels.read(
        data,
        file: "fuzz.labels.csv",
        defaultRater: "expert-a",
        dimensions: dimensions,
        runIDs: ["book-001", "book-002", "book-003"],
        values: .levels
    )
    _ = try? ExpertLabels.read(data, file: "fuzz.labels.csv", defaultRater: "expert-a", dimensions: dimensions, values: .means)
    return 0
}

#if !FUZZING
@main enum Replay {
    static func main() { FuzzReplay.run(fuzz) }
}
#endif
