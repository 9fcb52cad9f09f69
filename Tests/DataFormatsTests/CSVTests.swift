import DataFormats
import Foundation
import Testing

private func read(_ text: String, separator: Unicode.Scalar = ",") throws(InputError) -> RecordTable {
    try CSVReader(separator: separator).read(Data(text.utf8), file: "t.csv")
}

private func failure(_ text: String) -> InputError? {
    do {
        _ = try read(text)
        return nil
    } catch {
        return error
    }
}

@Suite("CSV reading (RFC 4180)")
struct CSVReaderTests {
    @Test("header, plain fields and line numbers")
    func plain() throws {
        let t = try read("id,a,b\n1,3,4\n2,,5\n")
        #expect(t.columns == ["id", "a", "b"])
        #expect(t.rowCount == 2)
        #expect(Array(t.row(1)) == ["2", "", "5"])
        #expect(t.lines == [2, 3])
    }

    @Test("quoted fields hold separators, doubled quotes and line breaks; the next row's line counts them")
    func quoted() throws {
        let t = try read("id,text\n1,\"a, b\"\n2,\"say \"\"hi\"\"\"\n3,\"two\nlines\"\n4,\"\"\n5,x\n")
        #expect(t.rowCount == 5)
        #expect(t[0, 1] == "a, b")
        #expect(t[1, 1] == "say \"hi\"")
        #expect(t[2, 1] == "two\nlines")
        #expect(t[3, 1] == "")
        #expect(t.lines == [2, 3, 4, 6, 7])
    }

    @Test("several fields with doubled quotes in one record each keep their own text")
    func severalUnescaped() throws {
        // The second field's unescaped bytes grow the buffer the first one's are in.
        let long = String(repeating: "y", count: 300)
        let t = try read("a,b,c,d\n\"x\"\"1\",plain,\"\(long)\"\"\",\"\"\"\"\n\"\"\"\",2,3,\"z\"\n")
        #expect(Array(t.row(0)) == ["x\"1", "plain", long + "\"", "\""])
        #expect(Array(t.row(1)) == ["\"", "2", "3", "z"])
    }

    @Test("CRLF line endings, and CRLF inside a quoted field kept as is")
    func crlf() throws {
        let t = try read("id,v\r\n1,\"x\r\ny\"\r\n2,z\r\n")
        #expect(t.rowCount == 2)
        #expect(t[0, 1] == "x\r\ny")
        #expect(t[1, 1] == "z")
        #expect(t.lines == [2, 4])
    }

    @Test("a UTF-8 byte-order mark is skipped, so the first column keeps its name")
    func byteOrderMark() throws {
        let t = try CSVReader().read(Data([0xEF, 0xBB, 0xBF] + Array("id,é\n1,ü\n".utf8)), file: "bom.csv")
        #expect(t.columns == ["id", "é"])
        #expect(t[0, 1] == "ü")
    }

    @Test("no trailing newline, blank lines skipped, tab separator")
    func endsAndTabs() throws {
        let t = try read("a,b\n\n1,2\n\n3,4")
        #expect(t.rowCount == 2)
        #expect(t.lines == [3, 5])
        let tsv = try read("a\tb\n1,5\t2\n", separator: "\t")
        #expect(tsv[0, 0] == "1,5")
    }

    @Test("a ragged row names its line and both field counts")
    func ragged() {
        let e = failure("id,a,b\n1,2,3\n4,5\n")
        #expect(e?.line == 3)
        #expect(e?.description == "t.csv line 3: this row has 2 fields, but the header has 3 columns")
    }

    @Test("an unterminated quote names the line and column where the field starts")
    func unterminated() {
        let e = failure("id,a\n1,2\n3,\"open\n4,5\n")
        #expect(e?.line == 3)
        #expect(e?.column == "3")
        #expect(e?.message.hasPrefix("an unterminated quoted field starting at line 3, column 3") == true)
    }

    @Test("a stray quote inside an unquoted field, and text after a closing quote")
    func strayQuotes() {
        let inside = failure("id,a\n1,ab\"c\n")
        #expect(inside?.line == 2)
        #expect(inside?.column == "5")
        let after = failure("id,a\n1,\"ab\"c\n")
        #expect(after?.line == 2)
        #expect(after?.column == "7")
        #expect(after?.message.hasPrefix("text after the closing quote") == true)
    }

    @Test("the column counts characters, not bytes")
    func characterColumns() {
        let e = failure("id,a\nüü,x\"\n")
        #expect(e?.column == "5")
    }

    @Test("an empty file, a repeated column name, and text that is not UTF-8")
    func badFiles() throws {
        #expect(failure("")?.message == "the file is empty; expected a header row naming the columns")
        #expect(failure("\n\r\n")?.message == "the file is empty; expected a header row naming the columns")
        let dup = failure("id,a,a\n")
        #expect(dup?.message == "the column name 'a' appears twice in the header (columns 2 and 3)")
        do {
            _ = try CSVReader().read(Data(Array("id,a\n1,".utf8) + [0xFF, 0x0A]), file: "bin.csv")
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(error.line == 2)
        }
    }

    @Test("200,000 rows with quoted fields read whole: every row, its last id and its line")
    func largeFile() throws {
        var text = "id,a,b,c\n"
        let rows = 200_000
        text.reserveCapacity(rows * 16)
        for i in 0..<rows { text += "\(i),\(i % 5 + 1),\"\(i % 4 + 1)\",x y\n" }
        let data = Data(text.utf8)
        let t = try CSVReader().read(data, file: "big.csv")
        #expect(t.rowCount == rows)
        #expect(t[rows - 1, 0] == String(rows - 1))
        #expect(t.lines.last == rows + 1)
        // Its speed is measured by benchmarks/end-to-end.sh, not asserted here: a
        // wall-clock bound fails on a loaded machine and proves nothing on a quiet one.
    }
}

@Suite("CSV writing")
struct CSVWriterTests {
    @Test("quotes only when needed, doubles quotes, and round-trips through the reader")
    func roundTrip() throws {
        let w = CSVWriter()
        #expect(w.field("plain") == "plain")
        #expect(w.field("a,b") == "\"a,b\"")
        #expect(w.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(w.field("two\nlines") == "\"two\nlines\"")
        #expect(w.field(" spaced ") == " spaced ")
        var table = RecordTable(file: "w.csv", columns: ["id", "text"])
        table.append(["1", "a, \"b\"\r\nc"], line: 2)
        table.append(["2", ""], line: 4)
        for ending in ["\n", "\r\n"] {
            let back = try read(CSVWriter(lineEnding: ending).document(table))
            #expect(back.cells == table.cells)
        }
    }

    @Test("a separator or quote that Unicode joins to a combining mark is still quoted, and the row reads back")
    func combiningMarks() throws {
        let w = CSVWriter()
        #expect(w.field("a,\u{301}b") == "\"a,\u{301}b\"")
        #expect(w.field("say \"\u{301}") == "\"say \"\"\u{301}\"")
        #expect(CSVWriter(separator: "\t").field("a\t\u{301}") == "\"a\t\u{301}\"")
        #expect(CSVWriter(separator: "§").field("a§b") == "\"a§b\"")
        #expect(CSVWriter(separator: "§").field("a,b") == "a,b")
        var table = RecordTable(file: "w.csv", columns: ["id", "text"])
        table.append(["1", "x,\u{301}y \"\u{301}"], line: 2)
        #expect(try read(w.document(table)).cells == table.cells)
    }

    @Test("an empty one-column row is written quoted, so it is not read as a blank line")
    func emptySingleField() throws {
        var table = RecordTable(file: "w.csv", columns: ["note"])
        table.append([""], line: 2)
        let text = CSVWriter().document(table)
        #expect(text == "note\n\"\"\n")
        #expect(try read(text).rowCount == 1)
    }
}

@Suite("Columns of a table")
struct RecordTableColumnsTests {
    @Test("a missing column lists the columns there are")
    func missingColumn() throws {
        let t = try read("id,g\n1,b\n2,a\n3,b\n")
        #expect(throws: InputError(file: "t.csv", message: "there is no column 'G'; the columns are 'id', 'g'")) {
            try t.requireColumn(named: "G")
        }
    }
}

@Suite("JSON Lines as a table")
struct JSONRecordsTableTests {
    @Test("dotted paths, array steps, keys with dots, nulls and missing fields as blanks, line numbers")
    func paths() throws {
        let text = """
            {"id": "a", "scores": {"expert": 3, "judge": 2.5}, "r": [1, 2], "x.y": true}

            {"id": "b", "scores": {"expert": null}, "r": [4]}
            """
        let t = try JSONRecords.table(Data(text.utf8), paths: ["id", "scores.expert", "scores.judge", "r.1", "x.y"], file: "t.jsonl")
        #expect(Array(t.row(0)) == ["a", "3", "2.5", "2", "true"])
        #expect(Array(t.row(1)) == ["b", "", "", "", ""])
        #expect(t.lines == [1, 3])
    }

    @Test("an object where a value belongs, a broken record, and a field no record has")
    func errors() throws {
        let nested = Data("{\"a\": 1}\n{\"a\": {\"b\": 2}}\n".utf8)
        #expect(throws: InputError(file: "t.jsonl", line: 2, column: "a", message: "the field holds an object; expected a number or text"))
        {
            try JSONRecords.table(nested, paths: ["a"], file: "t.jsonl")
        }
        do {
            _ = try JSONRecords.table(Data("{\"a\": 1}\n{\"a\": \n".utf8), paths: ["a"], file: "t.jsonl")
            Issue.record("a broken record was accepted")
        } catch let error as InputError {
            #expect(error.line == 2)
        }
        #expect(throws: InputError.self) {
            try JSONRecords.table(Data("{\"a\": 1}\n".utf8), paths: ["b"], file: "t.jsonl")
        }
    }
}

@Suite("Spreadsheet formula cells")
struct SpreadsheetSafeTests {
    @Test(
        "A cell of untrusted text that a spreadsheet would run is prefixed with ' and read back to the original",
        arguments: [
            ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"), ("+1+1", "'+1+1"), ("-2+3", "'-2+3"),
            ("-", "'-"), ("-e5", "'-e5"), ("-1e", "'-1e"), ("-.", "'-."), ("--1", "'--1"), ("-inf", "'-inf"), ("=1", "'=1"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"), ("\rx", "'\rx"), ("'quoted", "''quoted"), ("'", "''"), ("plain", "plain"), ("", ""), ("a=b", "a=b"),
        ])
    func roundTrip(raw: String, safe: String) {
        #expect(CSVWriter.spreadsheetSafe(raw) == safe)
        #expect(CSVWriter.spreadsheetOriginal(CSVWriter.spreadsheetSafe(raw)) == raw)
    }

    @Test(
        "A plain number is never changed, whatever its sign, and reads back as written",
        arguments: ["-2", "+1", "-0.5", "+.5", "-3.", "-1e3", "-2.5E-7", "+7e+2", "0"])
    func numbers(cell: String) {
        #expect(CSVWriter.spreadsheetSafe(cell) == cell)
        #expect(CSVWriter.spreadsheetOriginal(CSVWriter.spreadsheetSafe(cell)) == cell)
    }

    @Test("A cell that was never prefixed is read as it is")
    func unprefixed() {
        #expect(CSVWriter.spreadsheetOriginal("'tis") == "'tis")
        #expect(CSVWriter.spreadsheetOriginal("-1") == "-1")
    }
}
