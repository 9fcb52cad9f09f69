import CalibrationData
import DataFormats
import Foundation
import Judging
import StatisticsCore
import Testing
import _TestSupport

/// A one-dimension label sheet (`id,quality`) of `rows` (id, score) written to `folder`.
private func sheet(_ rows: [(String, Int)], in folder: URL, name: String = "items.labels.csv") throws -> URL {
    let url = folder.appendingPathComponent(name)
    try Data((["id,quality"] + rows.map { "\($0.0),\($0.1)" }).joined(separator: "\n").utf8).write(to: url)
    return url
}

private func labels(_ url: URL) throws -> ExpertLabels {
    try ExpertLabels.load(from: [url], dimensionNames: ["quality"])
}

private func ids(_ range: Range<Int>) -> [(String, Int)] { range.map { ("item-\($0)", $0 % 4 + 1) } }

@Suite("Splits of the labelled rows: development, validation and test by a seeded hash")
struct LabelSplitsTests {
    @Test("A row keeps its split as the label set grows, and the new rows join by the hash")
    func stableAsTheSetGrows() throws {
        let folder = try SharedData.temporaryFolder("splits")
        let shares = try SplitProportions()
        let small = LabelSplits(labels: try labels(try sheet(ids(0..<60), in: folder)), sheets: [], proportions: shares)
        let grown = try labels(try sheet(ids(0..<90), in: folder))
        let (updated, changes) = small.reconciled(with: grown, sheets: [])
        for row in small.rows { #expect(updated.rows.first { $0.id == row.id }?.split == row.split) }
        #expect(changes.joined.map(\.id) == (60..<90).map { "item-\($0)" }.sorted())
        #expect(changes.joined.allSatisfy { LabelSplits.split(of: $0.id, seed: 0, proportions: shares) == $0.split })
        #expect(changes.edited.isEmpty && changes.removed.isEmpty)
        #expect(updated.fingerprint != small.fingerprint)
        #expect(updated == LabelSplits(labels: grown, sheets: [], proportions: shares), "joining by hash equals splitting afresh")
    }

    @Test("The shares are honoured: 20 000 ids split 50/25/25 and 70/10/20 within 1.5 points")
    func sharesHonoured() throws {
        for values in [[50.0, 25, 25], [0.7, 0.1, 0.2]] {
            let shares = try SplitProportions(parsing: values)
            var counts: [LabelSplit: Int] = [:]
            for i in 0..<20_000 { counts[LabelSplits.split(of: "row-\(i)", seed: 7, proportions: shares), default: 0] += 1 }
            let expected = [shares.development, shares.validation, shares.test]
            for (split, share) in zip(LabelSplit.allCases, expected) {
                #expect(abs(Double(counts[split, default: 0]) / 20_000 - share) < 0.015, "\(split): \(counts)")
            }
        }
        #expect(throws: SplitError.self) { try SplitProportions(parsing: [50, 25]) }
        #expect(throws: SplitError.self) { try SplitProportions(parsing: [50, 30, 30]) }
        #expect(throws: SplitError.self) { try SplitProportions(development: -0.5, validation: 1, test: 0.5) }
    }

    @Test("An edited label changes the fingerprint and is reported with its split; a row no longer labelled is reported")
    func editedLabels() throws {
        let folder = try SharedData.temporaryFolder("splits-edit")
        let before = LabelSplits(labels: try labels(try sheet(ids(0..<20), in: folder)), sheets: [], proportions: try SplitProportions())
        var rows = ids(0..<20).filter { $0.0 != "item-3" }
        rows[4].1 = rows[4].1 % 4 + 1
        let (after, changes) = before.reconciled(with: try labels(try sheet(rows, in: folder)), sheets: [])
        #expect(changes.edited.map(\.id) == [rows[4].0])
        #expect(changes.edited.first?.split == before.rows.first { $0.id == rows[4].0 }?.split)
        #expect(changes.removed == ["item-3"])
        #expect(after.fingerprint != before.fingerprint)
        let notes = changes.notes.joined(separator: "\n")
        #expect(notes.contains("the labels of 1 rows were edited") && notes.contains(rows[4].0))
        #expect(notes.contains(String(before.fingerprint.prefix(12))) && notes.contains(String(after.fingerprint.prefix(12))))
        #expect(notes.contains("1 recorded rows are no longer labelled: item-3"))
    }

    @Test("The first use writes the record beside the sheet once its work is done; later uses read it, keep its shares and refuse others")
    func selectionWritesAndReads() throws {
        let folder = try SharedData.temporaryFolder("splits-record")
        let url = try sheet(ids(0..<40), in: folder)
        let first = try SplitSelection(.validation, labels: try labels(url), sheets: [url])
        let record = folder.appendingPathComponent("items.splits.json")
        #expect(!FileManager.default.fileExists(atPath: record.path), "nothing is written before the command's work is done")
        try first.writeRecord()
        #expect(FileManager.default.fileExists(atPath: record.path))
        #expect(first.notes.count == 2 && first.notes[0].contains("split the 40 labelled rows into"))
        let testRows = first.splits.rowIDs(in: .test).count
        #expect(first.notes[1].contains("the test split has \(testRows) rows, fewer than the 80"), "\(first.notes)")
        #expect(Set(first.labels.labels.map(\.id)) == first.splits.rowIDs(in: .validation))
        #expect(try LabelSplits.load(from: record) == first.splits)
        let again = try SplitSelection(.test, labels: try labels(url), sheets: [url])
        #expect(again.notes.isEmpty, "nothing changed: \(again.notes)")
        #expect(again.reference.identity == first.reference.identity)
        let refused = try #require(throws: SplitError.self) {
            try SplitSelection(.test, labels: try labels(url), sheets: [url], proportions: try SplitProportions(parsing: [60, 20, 20]))
        }
        #expect(refused.message.contains("records the shares 50/25/25"))
    }

    @Test("A label set whose test split reaches 80 rows is split without the small-test warning")
    func largeSplitNoWarning() throws {
        let folder = try SharedData.temporaryFolder("splits-large")
        let url = try sheet(ids(0..<400), in: folder)
        let first = try SplitSelection(.development, labels: try labels(url), sheets: [url])
        #expect(first.splits.rowIDs(in: .test).count >= 80)
        #expect(first.notes.count == 1, "\(first.notes)")
    }

    @Test("A split with no labelled row is a clear error naming the split, the count and the record")
    func emptySplit() throws {
        let folder = try SharedData.temporaryFolder("splits-empty")
        let url = try sheet(ids(0..<10), in: folder)
        let error = try #require(throws: SplitError.self) {
            try SplitSelection(.test, labels: try labels(url), sheets: [url], proportions: try SplitProportions(parsing: [50, 50, 0]))
        }
        #expect(error.message.contains("no labelled row falls in the test split (10 labelled rows, shares 50/50/0"))
    }

    @Test("A record that is not JSON of this format is an error naming the file")
    func malformedRecord() throws {
        let folder = try SharedData.temporaryFolder("splits-bad")
        let record = folder.appendingPathComponent("bad.splits.json")
        try Data(#"{"format": "judgecal-splits/9"}"#.utf8).write(to: record)
        let error = try #require(throws: InputError.self) { try LabelSplits.load(from: record) }
        #expect(error.file.hasSuffix("bad.splits.json"))
    }

    /// Issue #29: a row listed twice trapped every command that read the record (exit 132), and a row moved
    /// by hand from test to development was accepted, laundering the sealed test.
    @Test("A record listing a row twice, or putting a row in another split than its hash's, is an error naming the row")
    func tamperedRecord() throws {
        let folder = try SharedData.temporaryFolder("splits-tampered")
        let record = folder.appendingPathComponent("items.splits.json")
        let splits = LabelSplits(labels: try labels(try sheet(ids(0..<40), in: folder)), sheets: [], proportions: try SplitProportions())
        var twice = splits
        twice.rows.append(splits.rows[3])
        try twice.write(to: record)
        let duplicate = try #require(throws: InputError.self) { try LabelSplits.load(from: record) }
        #expect(duplicate.message.contains("lists row '\(splits.rows[3].id)' twice"), "\(duplicate.message)")
        var moved = splits
        let test = try #require(moved.rows.firstIndex { $0.split == .test })
        moved.rows[test].split = .development
        try moved.write(to: record)
        let edited = try #require(throws: InputError.self) { try LabelSplits.load(from: record) }
        #expect(edited.message.contains("puts row '\(moved.rows[test].id)' in development, but its seed and shares put it in test"))
        try splits.write(to: record)
        #expect(try LabelSplits.load(from: record) == splits)
    }

    @Test("A worked example citing a test row is a lint error with the rubric's file and the example's line")
    func exampleCitingHeldOutRow() throws {
        let url = SharedData.projectURL("calibration/book-tags.labels.csv")
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md"))
        let labels = try ExpertLabels.load(from: [url], dimensions: rubric.dimensions)
        // Seed 0: book-002, the rubric's first example, falls in test; book-004 in development.
        let splits = LabelSplits(labels: labels, sheets: [], seed: 0, proportions: try SplitProportions())
        #expect(splits.heldOutRows["book-002"] == "test")
        #expect(splits.heldOutRows["book-004"] == nil)
        let findings = RubricLinter.lint(rubric, heldOutRows: splits.heldOutRows).filter { $0.code == "example-row-held-out" }
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.severity == .error)
        #expect(finding.file.hasSuffix("book-tags.md"))
        let lines = try String(contentsOf: SharedData.projectURL("rubrics/book-tags.md"), encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let exampleLine = try #require(lines.firstIndex { $0.hasPrefix("# Example: A clean set") })
        #expect(finding.line == exampleLine + 1)
        #expect(finding.message.contains("cites row book-002, a test row; worked examples may cite only development rows"))
    }

    @Test("The sample's committed record splits book-tags with seed 13, its two rubrics' examples all in development")
    func committedSampleRecord() throws {
        let url = SharedData.projectURL("calibration/book-tags.labels.csv")
        let record = try LabelSplits.load(from: SharedData.projectURL("calibration/book-tags.splits.json"))
        let rubrics = try ["book-tags.md", "book-tags-v2.md"].map { try Rubric.load(from: SharedData.projectURL("rubrics/" + $0)) }
        let labels = try ExpertLabels.load(from: [url], dimensions: rubrics[0].dimensions)
        #expect(record.seed == 13)
        let (_, changes) = record.reconciled(with: labels, sheets: record.labelSheets)
        #expect(changes.joined.isEmpty && changes.edited.isEmpty && changes.removed.isEmpty, "\(changes.notes)")
        for rubric in rubrics {
            #expect(RubricLinter.lint(rubric, heldOutRows: record.heldOutRows).allSatisfy { $0.code != "example-row-held-out" })
        }
    }
}
