import DataFormats
import Foundation
import Testing

/// What `JSONLinesReader.forEachRowInParallel` hands over for `bytes` written to a
/// file: whether it read the whole file, and each record's fields (without its line,
/// which counts from its chunk's start), each chunk's records after the previous chunk's.
private func parallel(_ bytes: [UInt8], paths: [String], chunks: Int, windowSize: Int) -> (whole: Bool, rows: [String]) {
    withTemporaryFile(bytes) { url in
        let perChunk = UnsafeMutableBufferPointer<[String]>.allocate(capacity: chunks)
        defer { perChunk.deallocate() }
        perChunk.initialize(repeating: [])
        let whole = JSONLinesReader(paths: paths).forEachRowInParallel(
            in: url, windowSize: windowSize, parallelism: .init(chunks: chunks)
        ) { names in
            names == paths
        } row: { chunk, record in
            perChunk[chunk].append((0..<record.count).map(record.text).joined(separator: "|"))
            return true
        }
        return (whole, perChunk.flatMap { $0 })
    }
}

/// The records' fields as the serial reading hands them over, or its error.
private func serial(_ bytes: [UInt8], paths: [String]) -> Result<[String], InputError> {
    var rows: [String] = []
    return Result { () throws(InputError) in
        try JSONLinesReader(paths: paths).forEachRow(in: .data(Data(bytes)), file: "r.jsonl") { _ in } row: { record in
            rows.append((0..<record.count).map(record.text).joined(separator: "|"))
        }
        return rows
    }
}

@Suite("JSON Lines read in chunks on several threads")
struct JSONLinesParallelTests {
    /// Records of every kind of line end beside the cuts: CRLF, blank and whitespace lines,
    /// a byte-order mark, a long record over the middle, escaped line breaks in strings,
    /// nested fields, a key with a dot, a repeated key, and no final line break.
    static let boundaries: (String, [UInt8]) = (
        "CRLF, blank lines, a byte-order mark, a long record over the middle, escaped line breaks",
        [0xEF, 0xBB, 0xBF]
            + Array(
                ((1...12).map { #"{"id":"i\#($0)","s":{"x":\#($0 % 4 + 1)}}"# + ($0 % 3 == 0 ? "\r\n\r\n" : "\n") }.joined()
                    + #"{"id":"long \#(String(repeating: #"a\nb\r\n"#, count: 40))","s":{"x":2}}"# + "\n  \n"
                    + #"{"s.x":4,"s":{"x":1},"id":"dot"}"# + "\n" + #"{"id":"r","id":"repeated","s":{"x":null}}"#
                    + "\n" + #"{"id":"é€","s":{"x":3.5}}"#).utf8))

    @Test("2 to 4 chunks read the serial reading's records, whatever the windows",
          arguments: [boundaries] + JSONLinesStreamingTests.wellFormed.filter { !$0.0.contains("array") })
    func sameRecords(_ file: (String, [UInt8])) throws {
        let expected = try serial(file.1, paths: ["id", "s.x"]).get()
        for chunks in 2...4 {
            for windowSize in [1, 2, 5, 64, 1 << 16] {
                let read = parallel(file.1, paths: ["id", "s.x"], chunks: chunks, windowSize: windowSize)
                #expect(read.whole, "\(file.0), \(chunks) chunks, windows of \(windowSize)")
                #expect(read.rows == expected, "\(file.0), \(chunks) chunks, windows of \(windowSize)")
            }
        }
    }

    @Test("the fields a member of the whole dotted name, the nested field and a repeated key give")
    func fieldMatching() throws {
        let rows = try serial(Self.boundaries.1, paths: ["id", "s.x"]).get()
        #expect(rows.suffix(3) == ["dot|4", "repeated|", "é€|3.5"])
        #expect(rows.count == 16)
    }

    @Test("a malformed file or a JSON array is never read in parallel, so the serial reading names its error",
          arguments: JSONLinesStreamingTests.malformed + JSONLinesStreamingTests.wellFormed.filter { $0.0.contains("array") })
    func malformed(_ file: (String, [UInt8])) {
        for chunks in 2...4 {
            for windowSize in [1, 3, 64] {
                #expect(!parallel(file.1, paths: ["id", "s.x"], chunks: chunks, windowSize: windowSize).whole, "\(file.0), \(chunks) chunks")
            }
        }
    }

    @Test("an error in the last chunk, a field no record has, or a refused header stops the parallel reading")
    func stops() {
        let good = (1...20).map { #"{"id":\#($0),"s":{"x":1}}"# + "\n" }.joined()
        for chunks in 2...4 {
            #expect(!parallel(Array((good + "{\"id\":21,\"s\":{\"x\" 1}}\n").utf8), paths: ["id", "s.x"], chunks: chunks, windowSize: 7).whole)
            #expect(!parallel(Array(good.utf8), paths: ["id", "s.y"], chunks: chunks, windowSize: 7).whole)
            #expect(parallel(Array(good.utf8), paths: ["id", "s.x"], chunks: chunks, windowSize: 7).whole)
        }
        let refused = withTemporaryFile(Array(good.utf8)) { url in
            JSONLinesReader(paths: ["id"]).forEachRowInParallel(in: url, parallelism: .init(chunks: 2)) { _ in false } row: { _, _ in true }
        }
        #expect(!refused)
    }
}
