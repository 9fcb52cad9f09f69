public import CalibrationData
import DataFormats
import Foundation
public import Judging
import LanguageModels

extension LabelSheet {
    /// The sheet as one self-contained HTML page an expert scores in a browser.
    ///
    /// The page shows the rubric's instructions and each dimension's scale
    /// with its level descriptions, then one row at a time: its context
    /// fields (input, response, any reference the sheet carries), a button
    /// per level per dimension and a note field. Keys: a digit scores the
    /// active dimension (the level labelled with that digit, else the n-th
    /// level) and moves to the next dimension; ← and → move between rows; ↑
    /// and ↓ change the active dimension. Progress is kept in the browser's
    /// `localStorage`, so a closed tab loses nothing (the instructions start
    /// folded once scoring has begun). **Export CSV** downloads the sheet as
    /// ``csv`` would write it, with the scores (level labels) and notes filled
    /// in: the file ``ExpertLabels`` reads. Its cells are made inert for a
    /// spreadsheet by the one rule of ``DataFormats/CSVWriter/spreadsheetSafe(_:)``,
    /// which the script mirrors (an expert's note `=HYPERLINK(…)` is written
    /// `'=HYPERLINK(…)`, and read back without the `'`). The page's
    /// `judgecalCSV()` returns that text.
    ///
    /// **Whose progress.** Saved progress belongs to one sheet: it is stored
    /// under `judgecal:<run>:<sheet>:<fingerprint>`, where the fingerprint
    /// (``progressFingerprint(dimensions:)``) is the SHA-256 of the rows'
    /// ids and raters in order and of the dimensions' columns and levels, and
    /// it is restored only into a page with the same fingerprint. A sheet
    /// extracted again with other rows under the same run and file name
    /// therefore opens blank, never with the earlier sheet's scores on its
    /// rows. When the browser holds scores or notes for such an earlier
    /// sheet (or progress saved by a page older than this rule, which cannot
    /// be matched to rows), the page says so above the rows and offers to
    /// export the earlier scores with their own ids (a sheet the importer
    /// reads) or to delete them; it never applies them.
    ///
    /// Like the CSV, the page is blinded: it holds only the sheet's columns.
    /// The rows travel as JSON in `<script type="application/json">` with
    /// `<`, `>` and `&` escaped (``HTMLEscaping/scriptJSON(_:)``), and the
    /// script inserts every text with `textContent`, never as markup.
    ///
    /// **Layout.** Made for a 1280×800 laptop screen: under a one-line bar
    /// (position, the budget, export) the row sits on the left and the scoring
    /// panel on the right, each scrolling on its own within the window, so once
    /// the instructions have folded the row under judgment, its buttons and
    /// the note are in view without scrolling the page. The row's input fields
    /// and the output being judged are set apart (headed *Input* and *Output
    /// being judged*, on different backgrounds, with other fields after them);
    /// each level's description is written beside its button, not only in a
    /// tooltip; the rubric's paragraphs reflow to the window's width.
    ///
    /// **Budget.** The bar counts the rows scored in this sheet against its
    /// rows, and with `budget` the label set's earlier batches, the rows planned
    /// and, per dimension, where the latest alignment's interval stands
    /// against the threshold (``LabelPageBudget``).
    ///
    /// - Parameters:
    ///   - dimensions: The rubric's dimensions, in the sheet's column order.
    ///   - instructions: The rubric's instructions to the expert.
    ///   - runName: The run's name, part of the storage key and the title.
    ///   - sheetName: The CSV file name the export downloads as (also part of the storage key).
    ///   - budget: The label set's earlier batches, plan and latest alignment.
    public func renderHTML(
        dimensions: [ScoreDimension], instructions: String, runName: String, sheetName: String,
        budget: LabelPageBudget = LabelPageBudget()
    ) throws -> String {
        let fixed = 1 + dimensions.count + 2
        let context = fixed..<(columns.count - LabelSheetColumns.sampling.count)
        let fingerprint = progressFingerprint(dimensions: dimensions)
        let page = LabelPageData(
            storageKey: "judgecal:\(runName):\(sheetName):\(fingerprint)", legacyStorageKey: "judgecal:\(runName):\(sheetName)",
            fingerprint: fingerprint, runName: runName, fileName: sheetName, columns: columns,
            dimensions: dimensions.enumerated().map { k, d in
                .init(
                    name: d.name, column: columns[1 + k], levels: d.scale.levels.map { .init(label: $0.label, description: $0.description) }
                )
            },
            contextColumns: Array(columns[context]),
            contextRoles: contextPaths.map(Self.role),
            budget: budget,
            rows: rows.map {
                .init(id: $0[0], rater: $0[1 + dimensions.count], context: Array($0[context]), sampling: Array($0[context.upperBound...]))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(page), as: UTF8.self)
        var body =
            [
                "<h1>Label sheet: \(HTMLEscaping.text(runName))</h1>",
                "<details open id=\"instructions\"><summary>Instructions and scales</summary>",
            ] + Self.paragraphs(instructions)
        for d in dimensions {
            body.append("<h3>\(HTMLEscaping.text(d.name))</h3><p>\(HTMLEscaping.text(d.description))</p><dl class=\"levels\">")
            for level in d.scale.levels {
                body.append("<dt>\(HTMLEscaping.text(level.label))</dt><dd>\(HTMLEscaping.text(level.description))</dd>")
            }
            body.append("</dl>")
        }
        body.append(
            """
            </details>
            <nav><button type="button" id="previous">← Previous</button> <strong id="position"></strong> <button type="button" id="next">Next →</button> · <span id="progress"></span> · <button type="button" id="export">Export CSV</button> <span class="noprint muted">Keys: digits score the outlined dimension · ← → rows · ↑ ↓ dimension · saved in this browser</span></nav>
            <p id="budget"></p>
            <div id="earlier" role="alert" hidden><p id="earlier-message"></p><button type="button" id="earlier-export">Export the earlier scores (their own ids)</button> <button type="button" id="earlier-discard">Delete the earlier progress</button></div>
            <div id="workspace"><section id="row"><h2 id="row-id"></h2><div id="context"></div></section>
            <section id="panel"><div id="scoring"></div>
            <div id="notebox"><label for="note">Note</label><br><textarea id="note" rows="2"></textarea></div></section></div>
            <script type="application/json" id="sheet-data">\(HTMLEscaping.scriptJSON(json))</script>
            """)
        return HTMLPage(
            title: "Label sheet: \(runName)", body: body.joined(separator: "\n"), style: Self.pageStyle, script: Self.pageScript
        ).html
    }

    /// A context path's part of the row on the page: `input`, `output` (the response judged) or `other`.
    static func role(_ path: String) -> String {
        let part = path.split(separator: ".").first.map(String.init) ?? path
        return part == "input" ? "input" : part == "response" ? "output" : "other"
    }

    /// The text's paragraphs (split at blank lines) as `<p>` elements, which
    /// reflow to the window's width; the line breaks within a paragraph are kept.
    static func paragraphs(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .newlines) }.filter { !$0.isEmpty }
            .map { "<p class=\"rubric\">\(HTMLEscaping.text($0).replacingOccurrences(of: "\n", with: "<br>"))</p>" }
    }

    /// What identifies the sheet whose progress the label page keeps: the
    /// SHA-256 (hex) of the dimensions' columns with their level labels and of
    /// each row's id and rater, in the sheet's order.
    ///
    /// Two sheets with the same rows, raters and dimensions share it (scores
    /// saved on one are restored on the other); any other row, order, rater,
    /// dimension or level gives another. Context columns do not count: they
    /// are what the expert reads, not what a score belongs to.
    ///
    /// - Parameter dimensions: The rubric's dimensions, in the sheet's column order.
    public func progressFingerprint(dimensions: [ScoreDimension]) -> String {
        var text = "judgecal label sheet 1"
        for (k, d) in dimensions.enumerated() {
            text += "\ndimension\u{1F}\(columns[1 + k])" + d.scale.levels.map { "\u{1F}" + $0.label }.joined()
        }
        for row in rows { text += "\nrow\u{1F}\(row[0])\u{1F}\(row[1 + dimensions.count])" }
        return SHA256.hexDigest(of: Array(text.utf8))
    }

    private static let pageStyle = """
        body{max-width:none;margin:.5rem 1rem}h1{font-size:1.2rem;margin:.2rem 0}p.rubric{margin:.4rem 0;max-width:60rem}
        nav,#budget{margin:.2rem 0}#budget{font-size:.9rem}#budget span{display:block}
        #workspace{display:grid;grid-template-columns:minmax(0,3fr) minmax(22rem,2fr);gap:1rem;align-items:start}
        #row,#panel{max-height:calc(100vh - var(--top,10rem) - .5rem);overflow:auto}.part.input{max-height:45vh;overflow:auto}#row h2{margin:0 0 .4rem;font-size:1.1rem}
        .part{padding:.3rem .6rem;margin:0 0 .6rem}.part h3{margin:0 0 .2rem;font-size:.8rem;text-transform:uppercase;letter-spacing:.05em}
        .part.input{background:#eef2f7;border-left:4px solid #4a6a94}.part.output{background:#fff8dc;border-left:6px solid #000}
        .part.other{border-left:4px dotted #999}.part dt{font-weight:bold;margin-top:.3rem}.part dd{margin:0 0 0 .6rem}
        fieldset.dimension{border:1px solid #999;margin:0 0 .5rem;padding:.2rem .5rem}fieldset.active{border:3px solid #000}
        .choice{display:flex;gap:.5rem;align-items:baseline;margin:.1rem 0}
        button.level{flex:none;min-width:2.5rem;padding:.2rem .6rem;border:1px solid #000;background:#fff;color:#000}
        button.level[aria-pressed=true]{background:#000;color:#fff;font-weight:bold}
        .leveldesc{font-size:.85rem;color:#333}#note{width:100%;box-sizing:border-box}
        #notebox{position:sticky;bottom:0;background:#fff;padding:.2rem 0}
        #earlier{border:3px solid #000;padding:.3rem .8rem;margin:.6rem 0}

        """

    /// The page's script: `Resources/label-page.js`, embedded in the binary
    /// when it is built (`.embedInCode` in Package.swift), less the file's
    /// final line break.
    private static let pageScript: String = {
        let text = String(decoding: PackageResources.label_page_js, as: UTF8.self)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }()
}

/// What the label page's script reads: the sheet without anything it must not show.
private struct LabelPageData: Encodable {
    struct Level: Encodable {
        var label: String
        var description: String
    }

    struct Dimension: Encodable {
        var name: String
        var column: String
        var levels: [Level]
    }

    struct Row: Encodable {
        var id: String
        var rater: String
        var context: [String]
        /// The sampling cells, exported as they are and never shown.
        var sampling: [String]
    }

    /// Where this sheet's progress is saved: run, file name and fingerprint.
    var storageKey: String
    /// Where pages before the fingerprint saved progress for this run and file name.
    var legacyStorageKey: String
    var fingerprint: String
    var runName: String
    var fileName: String
    var columns: [String]
    var dimensions: [Dimension]
    var contextColumns: [String]
    /// Per context column: `input`, `output` (the response judged) or `other`.
    var contextRoles: [String]
    var budget: LabelPageBudget
    var rows: [Row]
}
