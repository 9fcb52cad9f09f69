import Calibration
import RatingsAgreement
import StatisticsCore
import Testing

/// The category index `cell` reads in the UTF-8 bytes of `text`.
private func index(_ text: String, _ cell: RatingCell) -> Result<Int?, RatingCell.Failure> {
    Array(text.utf8).withUnsafeBufferPointer { bytes in
        Result { () throws(RatingCell.Failure) in try cell.categoryIndex(bytes) }
    }
}

/// `RatingCell.categoryIndex` answers a cell of one byte from a table; these compare
/// every ASCII byte with `value(_:)`, which reads the same cell as text.
@Suite("A rating cell of one byte")
struct RatingCellTests {
    static let scales: [(String, CategoryScale)] = [
        ("1 to 4", CategoryScale(1...4)),
        ("0, 5, 9", CategoryScale(values: [0, 5, 9])),
        ("labels a, b, fail", CategoryScale(labels: ["a", "b", "fail"])),
        ("labels 1, x (a digit that is a label)", CategoryScale(labels: ["1", "x"])),
    ]

    @Test("every ASCII byte reads as its text does: a category, blank, or the same error", arguments: scales)
    func everyByte(_ scale: (String, CategoryScale)) {
        let cell = RatingCell(scale: scale.1)
        var categories = 0
        for byte in UInt8(0)..<0x80 {
            let table = index(String(UnicodeScalar(byte)), cell)
            if byte == 0x20 || byte == 0x09 {
                guard case .success(nil) = table else {
                    Issue.record("\(scale.0), byte \(byte): \(table), not blank")
                    continue
                }
                continue
            }
            let text = Result { () throws(RatingCell.Failure) in
                try cell.value(String(UnicodeScalar(byte))).map { scale.1.index(of: $0) }
            }
            switch (table, text) {
            case (.success(let index), .success(let expected)):
                #expect(index == expected ?? nil, "\(scale.0), byte \(byte)")
                if index != nil { categories += 1 }
            case (.failure(let error), .failure(let expected)):
                #expect(error.message == expected.message, "\(scale.0), byte \(byte)")
            default:
                Issue.record("\(scale.0), byte \(byte): \(table) but its text reads \(text)")
            }
        }
        // The one-character categories of each scale, read from one byte.
        #expect(categories == scale.1.labels.filter { $0.utf8.count == 1 }.count, "\(scale.0)")
    }

    @Test("an empty cell is blank, and a longer one reads as its text")
    func otherLengths() throws {
        let cell = RatingCell(scale: CategoryScale(1...4))
        #expect(try index("", cell).get() == nil)
        #expect(try index(" 3\t", cell).get() == 2)
        #expect(try index("4.0", cell).get() == 3)
        #expect(throws: RatingCell.Failure.self) { try index("12", cell).get() }
    }
}
