import AgreementCoefficients
import Calibration
import CalibrationReports
import DataFormats
import Foundation
import RatingsAgreement
import StatisticsCore
import Testing
import _TestSupport

/// The report of `request` on `text` written to a file and counted with
/// `parallelism` in reading windows of `windowSize` bytes, or the error.
private func counted(
    _ text: String, raters: [String], id: String?, request: AgreementRequest, parallelism: ReadingParallelism,
    windowSize: Int, format: RecordFormat = .csv
) -> Result<String, InputError> {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ratings-\(UUID().uuidString).csv")
    defer { try? FileManager.default.removeItem(at: url) }
    do {
        try Data(text.utf8).write(to: url)
        let file = try RatingsFile.columns(
            .file(url, chunkSize: windowSize), file: "r.csv", format: format, raters: raters, id: id, scale: request.scale,
            statistic: request.statistic, parallelism: parallelism)
        guard case .counted = file.groups.first?.content else {
            return .failure(InputError(file: "r.csv", message: "not counted"))
        }
        return .success(try AgreementReport(file, request).json())
    } catch let error as InputError {
        return .failure(error)
    } catch {
        return .failure(InputError(file: "r.csv", message: "unexpected \(error)"))
    }
}

@Suite("Ratings counted in chunks on several threads")
struct RatingsFileParallelTests {
    static let request = AgreementRequest(
        statistic: .cohenKappa, weights: .quadratic, scale: CategoryScale(1...4), interval: .bootstrap, resamples: 200, seed: 5)

    /// Well-formed and malformed files, with the chunk boundary traps of the streaming reader's tests.
    static let files: [(String, String)] = [
        ("plain rows", "id,a,b\n" + (1...40).map { "i\($0),\($0 % 4 + 1),\(($0 / 3) % 4 + 1)\n" }.joined()),
        ("CRLF, a byte-order mark, blank ratings", "\u{FEFF}id,a,b\r\n" + (1...30).map { "i\($0),\($0 % 5 == 0 ? "" : "\($0 % 4 + 1)"),2\r\n" }.joined()),
        ("quoted ids with line breaks", "id,a,b\n" + (1...20).map { "\"i\n\($0)\",\($0 % 4 + 1),3\n" }.joined()),
        ("a long quoted field over the middle", "id,a,b\n1,1,2\n\"\(String(repeating: "x\n", count: 40))\",2,2\n3,3,3\n"),
        ("a rating off the scale late in the file", "id,a,b\n" + (1...30).map { "i\($0),1,\($0 == 27 ? 9 : 2)\n" }.joined()),
        ("a ragged row late in the file", "id,a,b\n" + (1...30).map { $0 == 25 ? "i25,1\n" : "i\($0),1,2\n" }.joined()),
        ("an unterminated quote late in the file", "id,a,b\n" + (1...30).map { "i\($0),1,2\n" }.joined() + "x,\"1,2\n"),
        ("an id repeated far from its first use", "id,a,b\n" + (1...30).map { "i\($0 == 28 ? 2 : $0),1,2\n" }.joined()),
        ("a blank id late, a repeated one later", "id,a,b\n" + (1...30).map { "\($0 == 20 ? " " : $0 == 29 ? "i1" : "i\($0)"),1,2\n" }.joined()),
        ("a missing rater column", "id,a,c\n" + (1...30).map { "i\($0),1,2\n" }.joined()),
    ]

    @Test("2 to 4 chunks give the serial reading's report or error, with its line and column", arguments: files)
    func sameAsSerial(_ file: (String, String)) {
        let serial = counted(file.1, raters: ["a", "b"], id: "id", request: Self.request, parallelism: .serial, windowSize: 1 << 16)
        if case .failure(let error) = serial { #expect(error.line != nil || error.message.hasPrefix("there is no column")) }
        for chunks in 2...4 {
            for windowSize in [1, 7, 1 << 16] {
                let read = counted(
                    file.1, raters: ["a", "b"], id: "id", request: Self.request, parallelism: .init(chunks: chunks),
                    windowSize: windowSize)
                #expect(read == serial, "\(file.0), \(chunks) chunks, windows of \(windowSize)")
            }
        }
    }

    /// JSON Lines files with the traps of the CSV ones that apply: no quoting, but
    /// CRLF, blank lines, a byte-order mark, escaped line breaks and malformed records.
    static let jsonLinesFiles: [(String, String)] = [
        ("plain records", (1...40).map { #"{"id":"i\#($0)","a":\#($0 % 4 + 1),"b":\#(($0 / 3) % 4 + 1)}"# + "\n" }.joined()),
        ("CRLF, a byte-order mark, blank lines, null and missing ratings, escaped line breaks",
         "\u{FEFF}" + (1...30).map { i in
             #"{"id":"i\n\#(i)","a":\#(i % 5 == 0 ? "null" : "\(i % 4 + 1)"),"b":2\#(i % 7 == 0 ? "" : ",\"x\":[1,{}]")}"#
                 + (i % 4 == 0 ? "\r\n\r\n" : "\r\n") }.joined()),
        ("a record that is not JSON late in the file",
         (1...30).map { i in i == 26 ? #"{"id":"i26","a":1 "b":2}"# + "\n" : #"{"id":"i\#(i)","a":1,"b":2}"# + "\n" }.joined()),
        ("a rating off the scale late in the file",
         (1...30).map { #"{"id":"i\#($0)","a":1,"b":\#($0 == 27 ? 9 : 2)}"# + "\n" }.joined()),
        ("a rating that is an object late in the file",
         (1...30).map { #"{"id":"i\#($0)","a":1,"b":\#($0 == 24 ? "{}" : "2")}"# + "\n" }.joined()),
        ("an id repeated far from its first use",
         (1...30).map { #"{"id":"i\#($0 == 28 ? 2 : $0)","a":1,"b":2}"# + "\n" }.joined()),
        ("a blank id late, a repeated one later",
         (1...30).map { #"{"id":"\#($0 == 20 ? " " : $0 == 29 ? "i1" : "i\($0)")","a":1,"b":2}"# + "\n" }.joined()),
        ("a rater field no record has", (1...30).map { #"{"id":"i\#($0)","a":1,"c":2}"# + "\n" }.joined()),
    ]

    @Test("JSON Lines in 2 to 4 chunks give the serial reading's report or error, with its line", arguments: jsonLinesFiles)
    func jsonLinesSameAsSerial(_ file: (String, String)) {
        let serial = counted(
            file.1, raters: ["a", "b"], id: "id", request: Self.request, parallelism: .serial, windowSize: 1 << 16, format: .jsonl)
        if case .failure(let error) = serial { #expect(error.line != nil || error.message.hasPrefix("no record has")) }
        for chunks in 2...4 {
            for windowSize in [1, 7, 1 << 16] {
                let read = counted(
                    file.1, raters: ["a", "b"], id: "id", request: Self.request, parallelism: .init(chunks: chunks),
                    windowSize: windowSize, format: .jsonl)
                #expect(read == serial, "\(file.0), \(chunks) chunks, windows of \(windowSize)")
            }
        }
    }

    @Test("three raters' pair tables add up over chunks")
    func threeRaters() throws {
        let text = "a,b,c\n" + (1...60).map { "\($0 % 4 + 1),\(($0 / 2) % 4 + 1),\($0 % 7 == 0 ? "" : "\(($0 / 5) % 4 + 1)")\n" }.joined()
        let request = AgreementRequest(statistic: .cohenKappa, scale: CategoryScale(1...4), interval: .analytic)
        let serial = counted(text, raters: ["a", "b", "c"], id: nil, request: request, parallelism: .serial, windowSize: 64)
        #expect(try serial.get().contains("\"excluded\" : 8"))
        for chunks in 2...4 {
            #expect(counted(text, raters: ["a", "b", "c"], id: nil, request: request, parallelism: .init(chunks: chunks), windowSize: 5) == serial)
        }
    }
}
