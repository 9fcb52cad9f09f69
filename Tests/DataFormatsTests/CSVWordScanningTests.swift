import DataFormats
import Foundation
import Testing

/// The CSV scanner reads a record without quotes eight bytes at a time and leaves any
/// other record to its byte-by-byte path; these files put separators, line breaks and
/// quotes at every offset of an eight-byte word and of the buffer's end.
@Suite("CSV records read eight bytes at a time")
struct CSVWordScanningTests {
    @Test(
        "fields ending at every offset of a word, before LF, CRLF or a lone CR, read as written",
        arguments: ["\n", "\r\n", "\r"])
    func everyOffset(lineBreak: String) throws {
        // The header is 5 bytes; the records start at every offset from there, their
        // separators and line breaks falling on each byte of a word, its first and last included.
        var text = "id,a" + lineBreak
        var expected: [[String]] = []
        for first in 0..<17 {
            for second in [0, 1, 6, 7, 8, 9, 15] {
                let row = [
                    String(repeating: "x", count: first), String(repeating: "é", count: second / 2) + "\(first)",
                ]
                text += row.joined(separator: ",") + lineBreak
                expected.append(row)
            }
        }
        let table = try CSVReader().read(Data(text.utf8), file: "t.csv")
        #expect(table.rowCount == expected.count)
        #expect((0..<table.rowCount).map { Array(table.row($0)) } == expected)
        #expect(table.lines == Array(2..<(expected.count + 2)))
    }

    @Test("a record's last field ending with the buffer, with and without a line break")
    func lastByte() throws {
        // "abcde,1" and its line break make the word at offset 5 end exactly where the buffer
        // does; in "abcde,4\r\n" the CR is that word's last byte and the LF the buffer's.
        let files = [
            ("id,a\nabcde,1\n", "1"), ("id,a\rabcde,2\r", "2"), ("id,a\nabcdefgh,3", "3"), ("id,a\nabcde,4\r\n", "4"),
        ]
        for (text, last) in files {
            let table = try CSVReader().read(Data(text.utf8), file: "t.csv")
            #expect(table.rowCount == 1, "\(text.debugDescription)")
            #expect(table[0, 1] == last, "\(text.debugDescription)")
            #expect(table.lines == [2], "\(text.debugDescription)")
        }
    }

    @Test("a quoted field after plain fields of the same record is read as quoted")
    func quoteAfterPlainFields() throws {
        let text = "id,a,b\nabcdefghij,klm,\"n,\"\"o\"\"\np\"\nqrstuvwxyz,1,2\n"
        let table = try CSVReader().read(Data(text.utf8), file: "t.csv")
        #expect(Array(table.row(0)) == ["abcdefghij", "klm", "n,\"o\"\np"])
        #expect(Array(table.row(1)) == ["qrstuvwxyz", "1", "2"])
        #expect(table.lines == [2, 4])
    }

    @Test("a quote inside an unquoted field at every offset of a word names its line and column")
    func strayQuoteEveryOffset() {
        for length in 0..<17 {
            // The quote is character length + 3 of line 3: after the x's, the separator and "k".
            let text = "id,a\r\nabcdefghijklmnop,1\r\n" + String(repeating: "x", count: length) + ",k\"l\r\n"
            do {
                _ = try CSVReader().read(Data(text.utf8), file: "t.csv")
                Issue.record("a stray quote after \(length) bytes was accepted")
            } catch {
                #expect(error.line == 3, "after \(length) bytes")
                #expect(error.column == String(length + 3), "after \(length) bytes")
                #expect(error.message.hasPrefix("a quote inside an unquoted field"), "after \(length) bytes")
            }
        }
    }
}
