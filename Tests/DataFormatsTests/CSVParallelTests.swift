import DataFormats
import Foundation
import Testing

/// What `CSVReader.forEachRowInParallel` hands over for `bytes` written to a
/// file: whether it read the whole file, the header, and the rows' fields
/// with each chunk's rows after the previous chunk's.
private func parallel(_ bytes: [UInt8], chunks: Int, windowSize: Int) -> (whole: Bool, header: [String]?, rows: [[String]]) {
    withTemporaryFile(bytes) { url in
        let perChunk = UnsafeMutableBufferPointer<[[String]]>.allocate(capacity: chunks)
        defer { perChunk.deallocate() }
        perChunk.initialize(repeating: [])
        var header: [String]?
        let whole = CSVReader().forEachRowInParallel(in: url, windowSize: windowSize, parallelism: .init(chunks: chunks)) {
            names in
            header = names
            return true
        } row: { chunk, record in
            perChunk[chunk].append((0..<record.count).map(record.text))
            return true
        }
        return (whole, header, perChunk.flatMap { $0 })
    }
}

@Suite("CSV read in chunks on several threads")
struct CSVParallelTests {
    static let withoutQuotes: (String, [UInt8]) = (
        "no quotes, CRLF, a byte-order mark, blank lines",
        [0xEF, 0xBB, 0xBF] + Array("id,a,b\r\n1,x,2\r\n2,é,3\r\n\r\n3,y,4\r\n4,,5\r\n5,z,6\r\n6,w,7\r\n".utf8)
    )

    /// A quoted field with line breaks across the middle, where two chunks are cut.
    static let quotedAcrossTheMiddle: (String, [UInt8]) = (
        "a quoted field with line breaks over the middle of the file",
        Array("id,text\n1,a\n2,\"\(String(repeating: "x\n", count: 30))\"\n3,b\n".utf8)
    )

    @Test(
        "2 to 4 chunks read the serial reading's rows, or give up; a file without quotes is always split",
        arguments: CSVStreamingTests.wellFormed + [withoutQuotes, quotedAcrossTheMiddle])
    func sameRows(_ file: (String, [UInt8])) throws {
        let serial = try CSVReader().read(Data(file.1), file: "t.csv")
        let serialRows = (0..<serial.rowCount).map { r in (0..<serial.columns.count).map { serial[r, $0] } }
        for chunks in 2...4 {
            for windowSize in [1, 2, 5, 64, 1 << 16] {
                let read = parallel(file.1, chunks: chunks, windowSize: windowSize)
                if file.0 == Self.withoutQuotes.0 { #expect(read.whole, "\(chunks) chunks, windows of \(windowSize)") }
                if file.0 == Self.quotedAcrossTheMiddle.0 { #expect(!read.whole, "\(chunks) chunks, windows of \(windowSize)") }
                guard read.whole else { continue }
                #expect(read.header == serial.columns, "\(file.0), \(chunks) chunks, windows of \(windowSize)")
                #expect(read.rows == serialRows, "\(file.0), \(chunks) chunks, windows of \(windowSize)")
            }
        }
    }

    @Test("chunks of exactly one record each, a word long, are read whole")
    func oneRecordChunks() {
        // 21 and 29 bytes: the cuts at 10, and at 9 and 18, move to just after an LF, so every
        // chunk after the first is one 8-byte record whose LF is its last byte.
        let files = [("id,a\nabcde,1\nfghij,2\n", 2), ("id,a\nabcde,1\nfghij,2\nklmno,3\n", 3)]
        for (text, chunks) in files {
            let bytes = Array(text.utf8)
            for windowSize in [1, 8, 1 << 16] {
                let read = parallel(bytes, chunks: chunks, windowSize: windowSize)
                #expect(read.whole, "\(chunks) chunks, windows of \(windowSize)")
                #expect(read.header == ["id", "a"])
                #expect(read.rows == [["abcde", "1"], ["fghij", "2"], ["klmno", "3"]].prefix(chunks).map { $0 })
            }
        }
    }

    @Test(
        "a malformed file is never read in parallel, so the serial reading names its error",
        arguments: CSVStreamingTests.malformed)
    func malformed(_ file: (String, [UInt8])) {
        for chunks in 2...4 {
            for windowSize in [1, 3, 64] {
                #expect(!parallel(file.1, chunks: chunks, windowSize: windowSize).whole, "\(file.0), \(chunks) chunks")
            }
        }
    }

    @Test("a file under the minimum size, or one chunk, is left to the serial reading")
    func small() {
        var rows = 0
        for parallelism in [ReadingParallelism(chunks: 2, minimumFileSize: 1 << 20), .serial] {
            let whole = withTemporaryFile(Self.withoutQuotes.1) { url in
                CSVReader().forEachRowInParallel(in: url, parallelism: parallelism) { _ in
                    true
                } row: { _, _ in
                    rows += 1
                    return true
                }
            }
            #expect(!whole)
        }
        #expect(rows == 0)
    }
}
