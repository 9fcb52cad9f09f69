import CalibrationData
import CalibrationReports
import DataFormats
import Foundation
import Judging
import Testing
import _TestSupport

extension BrowserPageTests {
    @Test(
        "Label page at 1280×800 once scoring has begun: row, output, buttons with their descriptions and note in view without scrolling; budget shown as text"
    )
    func labelPageLayout() throws {
        let driver = try ChromiumDriver(name: "label-page-layout")
        let run = try FrozenRun.load(from: SharedData.projectURL("notebooks-data/summeval-sample.run.jsonl"))
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/summeval.md"))
        let sheet = try LabelSheet(run: run, dimensions: rubric.dimensions, options: .init(sample: 10, seed: 2))
        var budget = LabelPageBudget(planned: 120)
        budget.standing = [#"coherence <img src=x onerror="window.__pwned=1">: 0.64 [0.52, 0.76] against 0.6: inconclusive"#]
        let html = try sheet.renderHTML(
            dimensions: rubric.dimensions, instructions: rubric.instructions, runName: run.info.name, sheetName: "s.labels.csv",
            budget: budget)
        let measure = """
            (() => {
              const vh = innerHeight, vw = innerWidth;
              const inView = e => { const b = e.getBoundingClientRect();
                return b.width > 0 && b.height > 0 && b.top >= 0 && b.bottom <= vh && b.left >= 0 && b.right <= vw; };
              const one = s => document.querySelector(s);
              const choices = [...one('fieldset.active').querySelectorAll('.choice')];
              return {
                size: vw + 'x' + vh, scrolled: scrollY,
                pageFits: document.documentElement.scrollHeight <= vh && document.documentElement.scrollWidth <= vw,
                instructionsOpen: one('#instructions').open,
                rowID: inView(one('#row-id')), input: inView(one('.part.input h3')),
                output: inView(one('.part.output h3')) && inView(one('.part.output dd')),
                outputTitle: one('.part.output h3').textContent,
                distinct: getComputedStyle(one('.part.input')).backgroundColor !== getComputedStyle(one('.part.output')).backgroundColor,
                levels: choices.length,
                besideButtons: choices.every(c => { const b = c.querySelector('button'), d = c.querySelector('.leveldesc');
                  const rb = b.getBoundingClientRect(), rd = d.getBoundingClientRect();
                  return inView(b) && inView(d) && d.textContent.length > 0 && rd.left >= rb.right && rd.top < rb.bottom; }),
                note: inView(one('#note')),
                rubricReflows: getComputedStyle(one('p.rubric')).whiteSpace === 'normal',
                budget: one('#budget').textContent, injected: one('#budget img') !== null || typeof window.__pwned !== 'undefined'
              };
            })()
            """
        let outcome = try driver.run(
            html: html, name: "summeval.labels.html",
            steps: """
                [{"viewport":[1280,800]},{"key":"4"},{"reload":true},{"eval":\(jsonString(measure)),"as":"layout"},
                 {"screenshot":"label-page-1280x800.png","height":800}]
                """)
        #expect(outcome.console.isEmpty, "console: \(outcome.console)")
        #expect(outcome.exceptions.isEmpty, "exceptions: \(outcome.exceptions)")
        let layout = try #require(outcome.values["layout"])
        #expect(layout["size"] == .string("1280x800"))
        #expect(layout["instructionsOpen"] == .bool(false), "the instructions fold once scoring has begun")
        for key in ["pageFits", "rowID", "input", "output", "distinct", "besideButtons", "note", "rubricReflows"] {
            #expect(layout[key] == .bool(true), "\(key): \(layout)")
        }
        #expect(layout["scrolled"] == .number(0))
        #expect(layout["outputTitle"] == .string("Output being judged"))
        #expect(layout["levels"] == .number(5), "SummEval's 1–5 scale, each level with its description")
        #expect(layout["injected"] == .bool(false), "the budget's text stays text")
        guard case .string(let text)? = layout["budget"] else {
            Issue.record("no budget")
            return
        }
        #expect(text.contains("Budget: 0 of 10 rows scored in this sheet · 0 of 120 rows planned"))
        #expect(text.contains("<img src=x"), "the markup is shown as text")
    }
}

extension BrowserPageTests {
    @Test("Label pages per rater: each shows only its rater's rows; the exports, read together, are two raters with their probabilities")
    func labelPagesPerRater() throws {
        let driver = try ChromiumDriver(name: "label-page-raters")
        let run = try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags-v2.md"))
        let whole = try LabelSheet(
            run: run, dimensions: rubric.dimensions, options: .init(sample: 5, seed: 8, overlap: 2, raters: ["alice", "bob"]))
        var exports: [URL] = []
        for rater in ["alice", "bob"] {
            let sheet = whole.sheet(forRater: rater)
            let html = try sheet.renderHTML(
                dimensions: rubric.dimensions, instructions: rubric.instructions, runName: run.info.name,
                sheetName: "s.\(rater).labels.csv")
            let outcome = try driver.run(
                html: html, name: "s.\(rater).html",
                steps: """
                    [{"key":"3"},{"key":"2"},{"eval":"document.getElementById('position').textContent","as":"position"},
                     {"click":"#export","download":true}]
                    """)
            #expect(outcome.exceptions.isEmpty, "exceptions: \(outcome.exceptions)")
            #expect(outcome.values["position"] == .string("Row 1 of \(sheet.rows.count)"))
            let download = try #require(outcome.downloads.first)
            #expect(download.suggestedFilename == "s.\(rater).labels.csv")
            exports.append(URL(fileURLWithPath: download.path))
        }
        let labels = try ExpertLabels.load(from: exports, dimensions: rubric.dimensions, runIDs: Set(run.rows.map(\.id)))
        #expect(labels.raters == ["alice", "bob"])
        #expect(labels.labels.count == 7)
        #expect(labels.labels.filter { !$0.scores.isEmpty }.count == 2, "one row scored on each page")
        #expect(labels.labels.allSatisfy { $0.inclusionProbability == 5.0 / 42 && $0.samplingStrategy == .uniform })
    }
}
