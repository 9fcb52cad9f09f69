import DataFormats
import Foundation
import Testing

/// The table `CSVReader.forEachRow` gives when it reads `bytes` from a file in
/// chunks of `chunkSize`, or the error it throws.
private func streamed(_ bytes: [UInt8], chunkSize: Int, separator: Unicode.Scalar = ",") -> Result<RecordTable, InputError> {
    withTemporaryFile(bytes) { url in
        var table: RecordTable?
        var fields: [String] = []
        return Result { () throws(InputError) in
            try CSVReader(separator: separator).forEachRow(in: .file(url, chunkSize: chunkSize), file: "t.csv") { names in
                table = RecordTable(file: "t.csv", columns: names)
            } row: { record in
                fields = (0..<record.count).map(record.text)
                table?.append(fields, line: record.line)
            }
            guard let table else { throw InputError(file: "t.csv", message: "no header was handed over") }
            return table
        }
    }
}

/// The whole-buffer reading of the same bytes.
private func whole(_ bytes: [UInt8], separator: Unicode.Scalar = ",") -> Result<RecordTable, InputError> {
    Result { () throws(InputError) in try CSVReader(separator: separator).read(Data(bytes), file: "t.csv") }
}

@Suite("CSV read from a file in chunks")
struct CSVStreamingTests {
    /// Files whose records, quotes, line breaks and multi-byte characters fall
    /// across every possible chunk boundary when read in chunks of 1 to n + 1 bytes.
    static let wellFormed: [(String, [UInt8])] = [
        ("quoted fields with separators, doubled quotes and LF inside", Array("id,text\n1,\"a, b\"\n2,\"say \"\"hi\"\"\"\n3,\"two\nlines\"\n4,\"\"\n5,x\n".utf8)),
        ("CRLF endings and CRLF inside a quoted field", Array("id,v\r\n1,\"x\r\ny\"\r\n2,z\r\n3,\"\"\"\"\r\n".utf8)),
        ("a byte-order mark and multi-byte characters", [0xEF, 0xBB, 0xBF] + Array("id,é\n1,ü€𝄞\n2,\"ß\nß\"\n".utf8)),
        ("blank lines, lone CRs and no final line break", Array("a,b\n\n1,2\r\r3,4\n\n5,\"6\r7\"".utf8)),
        ("a trailing separator and empty fields", Array("a,b,c\n,,\n1,2,\n".utf8)),
    ]

    @Test("every chunk size reads the same table as the whole buffer", arguments: wellFormed)
    func sameTable(_ file: (String, [UInt8])) throws {
        let expected = try whole(file.1).get()
        for chunkSize in 1...(file.1.count + 1) {
            let table = try streamed(file.1, chunkSize: chunkSize).get()
            #expect(table == expected, "\(file.0), chunks of \(chunkSize) bytes")
        }
    }

    /// Malformed files whose error must name the same line and column at every chunk size.
    static let malformed: [(String, [UInt8])] = [
        ("an unterminated quoted field", Array("id,a\n1,2\n3,\"open\n4,5\n".utf8)),
        ("a quote inside an unquoted field", Array("id,a\n1,2\n3,ab\"c\n".utf8)),
        ("text after a closing quote", Array("id,a\r\n1,\"x\"y\r\n".utf8)),
        ("a ragged row after a quoted line break", Array("id,a\n1,\"x\ny\"\n2\n".utf8)),
        ("a byte that is not UTF-8 on a later line", Array("id,a\n1,é\n2,".utf8) + [0xC3, 0x28] + Array("\n".utf8)),
        ("a multi-byte character cut short at the end", Array("id,a\n1,".utf8) + [0xE2, 0x82]),
        ("a repeated column name", Array("a,b,a\n1,2,3\n".utf8)),
        ("an empty file", []),
    ]

    @Test("every chunk size throws the whole buffer's error, with its line and column", arguments: malformed)
    func sameError(_ file: (String, [UInt8])) {
        guard case .failure(let expected) = whole(file.1) else {
            Issue.record("\(file.0) was read without an error")
            return
        }
        #expect(expected.line != nil)
        for chunkSize in 1...(file.1.count + 1) {
            guard case .failure(let error) = streamed(file.1, chunkSize: chunkSize) else {
                Issue.record("\(file.0), chunks of \(chunkSize) bytes: no error")
                continue
            }
            #expect(error == expected, "\(file.0), chunks of \(chunkSize) bytes")
        }
    }

    @Test("a record longer than a chunk is read whole, and the line after it is counted")
    func longRecord() throws {
        let long = String(repeating: "x", count: 10_000)
        let bytes = Array("id,text\n1,\"\(long)\n\(long)\"\n2,y\n".utf8)
        let table = try streamed(bytes, chunkSize: 64).get()
        #expect(table[0, 1].count == 20_001)
        #expect(table.lines == [2, 4])
    }

    @Test("a file that cannot be opened names it")
    func missing() {
        let url = URL(fileURLWithPath: "/nonexistent/ratings.csv")
        let error = #expect(throws: InputError.self) {
            try CSVReader().forEachRow(in: .file(url), file: "ratings.csv") { _ in } row: { _ in }
        }
        #expect(error?.file == "/nonexistent/ratings.csv")
        #expect(error?.message.hasPrefix("cannot be read (No such file") == true)
    }
}
