import AgreementStatistics
import Calibration
import DataFormats
import Foundation
import Testing

private func read(_ text: String) throws(InputError) -> RecordTable {
    try CSVReader().read(Data(text.utf8), file: "t.csv")
}

@Suite("Reading ratings from a table")
struct RecordTableRatingsTests {
    @Test("blank cells are missing; numbers read; a value that does not parse names file, line and column")
    func ratings() throws {
        let t = try read("id,a\n1,3\n2, \n3,2.5\n4,x\n")
        #expect(try t.ratings(column: 1, rows: [0, 1, 2]) == [3, nil, 2.5])
        #expect(throws: InputError(file: "t.csv", line: 5, column: "a", message: "'x' is not a number")) {
            try t.ratings(column: 1, rows: [3])
        }
    }

    @Test("a declared numeric scale rejects values off it; a labelled scale maps labels to values")
    func scales() throws {
        let t = try read("id,a,b\n1,5,pass\n2,1,fail\n")
        #expect(throws: InputError(file: "t.csv", line: 2, column: "a", message: "5 is not on the scale 1, 2, 3, 4")) {
            try t.ratings(column: 1, rows: [0], scale: CategoryScale(1...4))
        }
        #expect(try t.ratings(column: 2, rows: [0, 1], scale: CategoryScale(labels: ["fail", "pass"])) == [1, 0])
        #expect(throws: InputError.self) { try t.ratings(column: 1, rows: [0], scale: CategoryScale(labels: ["fail", "pass"])) }
    }
}
