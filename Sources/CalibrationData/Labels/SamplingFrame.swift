import DataFormats
public import Foundation
import LanguageModels

/// Every row of a run with its probability of being in the label set: what
/// `judgecal extract` writes beside each sheet it draws (`docs/FORMATS.md`).
///
/// A label sheet records the inclusion probability π of the rows it holds;
/// a corrected estimate needs π for the rows *not* drawn too, since an
/// unlabelled row stands for 1/(1 − π) rows of the run in the judge-only sample
/// (``RunInference/CorrectionSample``). The frame holds both, as they
/// are after the label set's latest batch: each row's stratum has had m_h of
/// its N_h rows drawn over all batches, and every row of it, drawn or not, has
/// π = m_h / N_h (``SampleDraw``), the value the sheets' `inclusion_probability`
/// gives its drawn rows once read together. A stratum no batch has drawn from
/// has π = 0: its rows stand for themselves alone and no label corrects them.
///
/// Like the sheet, each row carries a `sampling_check` over its cells and the
/// run's name, so that an edited probability, stratum or batch is found.
public struct SamplingFrame: Sendable, Hashable {
    /// One run row's place in the sampling.
    public struct Row: Sendable, Hashable {
        /// The run row's id.
        public var id: String
        /// Its probability of being in the label set after the latest batch, π = m_h / N_h.
        public var inclusionProbability: Double
        /// Its stratum, the opaque key the sheets write (`sampling_stratum`).
        public var stratum: String
        /// The batch that drew it; `nil` for a row no batch has drawn.
        public var batch: Int?
        /// The line of the frame file it was read from; 0 for a frame made in memory.
        public var line: Int = 0
    }

    /// The columns, in order.
    static let columns = [
        "run", "id", LabelSheetColumns.inclusionProbability, "sampling_strategy", "sampling_batch", "sampling_stratum",
        "sampling_check",
    ]

    /// The name of the run the rows are of.
    public let run: String
    /// The strategy every batch of the label set was drawn with.
    public let strategy: SamplingStrategy
    /// How many batches the label set holds (the latest batch's number).
    public let batches: Int
    /// Every row of the run, in the run's order.
    public let rows: [Row]
    /// The file it was read from; `<frame>` for one made in memory.
    public let file: String

    init(run: String, strategy: SamplingStrategy, batches: Int, rows: [Row], file: String = "<frame>") {
        self.run = run
        self.strategy = strategy
        self.batches = batches
        self.rows = rows
        self.file = file
    }

    /// The frame as CSV, cells written as the label sheet's (inert in a spreadsheet).
    public var csv: String {
        let writer = CSVWriter()
        let written = { (cells: [String]) in writer.record(cells.map(LabelSheetColumns.written)) }
        return written(Self.columns)
            + rows.map { row in
                let cells = [
                    run, row.id, row.inclusionProbability.plainText, strategy.rawValue, row.batch.map(String.init) ?? "",
                    row.stratum,
                ]
                return written(cells + [Self.check(cells)])
            }.joined()
    }

    /// The `sampling_check` of a frame row: 16 hex digits of the SHA-256 of its six other cells as written.
    static func check(_ cells: [String]) -> String {
        let text = (["judgecal frame 1"] + cells).joined(separator: "\u{1F}")
        return String(SHA256.hexDigest(of: Array(text.utf8)).prefix(16))
    }

    /// Where `extract` writes the frame of the sheet at `sheet`: `out.labels.csv` → `out.frame.csv`
    /// (else `.csv` → `.frame.csv`, else `.frame.csv` appended).
    public static func path(besideSheet sheet: String) -> String {
        let lowered = sheet.lowercased()
        for suffix in [".labels.csv", ".csv"] where lowered.hasSuffix(suffix) {
            return String(sheet.dropLast(suffix.count)) + ".frame.csv"
        }
        return sheet + ".frame.csv"
    }

    /// The frame beside the sheets at `sheets`, if `extract` left one there: of the frames found
    /// (``path(besideSheet:)`` of each sheet, or of the sheet without its rater, `out.alice.labels.csv`
    /// → `out.frame.csv`), the one of the latest batch.
    ///
    /// - Throws: ``InputError`` for a frame found that does not read.
    public static func discovered(besideSheets sheets: [URL]) throws -> SamplingFrame? {
        var candidates: [String] = []
        for sheet in sheets.map(\.path) {
            let own = path(besideSheet: sheet)
            let stem = own.dropLast(".frame.csv".count)
            let withoutRater = stem.lastIndex(of: ".").flatMap { dot in
                stem[dot...].contains("/") ? nil : String(stem[..<dot]) + ".frame.csv"
            }
            for candidate in [own] + (withoutRater.map { [$0] } ?? [])
            where !candidates.contains(candidate) && FileManager.default.fileExists(atPath: candidate) {
                candidates.append(candidate)
            }
        }
        let frames = try candidates.map { try load(from: URL(fileURLWithPath: $0)) }
        return frames.max { $0.batches < $1.batches }
    }
}
