import DataFormats
import Foundation
import Testing

@Suite("Trimming a cell's whitespace from its bytes, and a CSV file's header alone")
struct WhitespaceTrimmingTests {
    @Test(
        "String(whitespaceTrimmed:) is Foundation's trimmingCharacters(in: .whitespaces), non-ASCII spaces and all",
        arguments: [
            "", " ", "\t \t", "4", " 4 ", "\t4.5\t", "a b", "\u{00A0}4\u{00A0}", "\u{3000}x", "x\u{2009}", "é", " é ", "\u{00A0}",
            "\n4\n", "\r\n", " \u{0301}", "x\u{00A0} ", "\u{1680}\u{202F}\u{205F}y",
        ])
    func sameAsFoundation(_ text: String) {
        let expected = text.trimmingCharacters(in: .whitespaces)
        var copy = text
        let fromBytes = copy.withUTF8 { String(whitespaceTrimmed: $0) }
        #expect(fromBytes == expected)
        #expect(text.whitespaceTrimmed == expected)
    }

    @Test("CSVReader.columns(in:file:) reads the header and stops: a malformed row after it is not read")
    func headerAlone() throws {
        let columns = try CSVReader().columns(in: .data(Data("\u{FEFF}id, a ,\"b,c\"\r\nx,\"unterminated\n".utf8)), file: "h.csv")
        #expect(columns == ["id", " a ", "b,c"])
        let empty = try #require(throws: InputError.self) { try CSVReader().columns(in: .data(Data()), file: "e.csv") }
        #expect(empty.line == 1)
        #expect(empty.message.hasPrefix("the file is empty"))
        let repeated = try #require(throws: InputError.self) { try CSVReader().columns(in: .data(Data("a,a\n".utf8)), file: "r.csv") }
        #expect(repeated.column == "a")
    }
}
