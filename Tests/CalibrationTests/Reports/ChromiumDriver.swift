import DataFormats
import EvaluationCore
import Foundation
import Testing
import _TestSupport

extension Tag {
    /// Tests that open pages in headless Chromium (Debian's `chromium` package; scripts/setup installs it).
    @Tag static var browser: Self
}

/// Opens a page in headless Chromium through `Resources/drive_chromium.py`
/// (the DevTools protocol over `--remote-debugging-pipe`, standard-library
/// Python), runs steps on it and returns what the page did.
struct ChromiumDriver {
    /// A finished download.
    struct Download: Decodable {
        var state: String
        var suggestedFilename: String?
        var path: String
    }

    /// What the driver prints.
    struct Outcome: Decodable {
        /// Each `eval` step's value (and each screenshot's path), by its name.
        var values: [String: JSONValue]
        /// Console errors and warnings, and browser log errors.
        var console: [String]
        /// Uncaught exceptions.
        var exceptions: [String]
        /// `alert`, `confirm` or `prompt` dialogs the page opened.
        var dialogs: [String]
        var downloads: [Download]

        /// Expects a page whose hostile text ran nothing: no console error, exception or dialog, and the
        /// values of ``ChromiumDriver/inertnessSteps``: no injected element or script, no `window.__pwned`,
        /// and the `<script>` text shown as text.
        func expectInert(sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(console.isEmpty, "console: \(console)", sourceLocation: sourceLocation)
            #expect(exceptions.isEmpty && dialogs.isEmpty, "\(exceptions) \(dialogs)", sourceLocation: sourceLocation)
            #expect(values["injected"] == .number(0), sourceLocation: sourceLocation)
            #expect(values["pwned"] == .string("undefined"), sourceLocation: sourceLocation)
            #expect(values["shownAsText"] == .bool(true), sourceLocation: sourceLocation)
        }
    }

    /// Steps (to place in a step list) reading what ``Outcome/expectInert(sourceLocation:)`` checks on a
    /// report page built from hostile fixtures: `injected`, `pwned` and `shownAsText`.
    static let inertnessSteps = """
        {"eval":"document.querySelectorAll('img').length + document.scripts.length","as":"injected"},
        {"eval":"typeof window.__pwned","as":"pwned"},
        {"eval":"document.body.textContent.includes('<script>alert(\\"gotcha\\")</script>')","as":"shownAsText"}
        """

    /// The folder screenshots and downloads go to: `test-output/<name>` in the package (git-ignored).
    let output: URL

    init(name: String) throws {
        output = SharedData.projectURL("test-output/\(name)")
        try? FileManager.default.removeItem(at: output)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    }

    /// Chromium, or a recorded failure naming the install command.
    static func chromium() throws -> String {
        let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium"]
        guard let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            Issue.record(
                "Chromium is not installed, so the browser tests cannot run: install it with `apt-get install -y chromium` (scripts/setup does)"
            )
            throw CocoaError(.fileNoSuchFile)
        }
        return found
    }

    /// Writes `html` to `name` in ``output``, opens it and runs `steps`.
    func run(html: String, name: String, steps: String) throws -> Outcome {
        try run(try write(html: html, name: name), steps: steps)
    }

    /// Writes `html` to `name` in ``output`` without opening it: a page a `navigate` step opens later.
    @discardableResult
    func write(html: String, name: String) throws -> URL {
        let page = output.appendingPathComponent(name)
        try Data(html.utf8).write(to: page)
        return page
    }

    /// drive_chromium.py's exit status when the browser sent nothing before a deadline (EX_TEMPFAIL).
    static let browserStoppedAnswering: Int32 = 75

    /// Opens `page`, runs `steps` (a JSON list, see drive_chromium.py) and returns the outcome.
    ///
    /// A browser that stops answering is run once more from the start: the driver exits 75 when no
    /// DevTools message comes before a step's deadline (it once blocked on a read with no deadline until
    /// this test killed it at its timeout, seen once in several full runs on a loaded 2-core machine),
    /// and a driver killed at the timeout counts the same. Each run has a fresh profile, so the second
    /// sees nothing of the first; a second hang, or any other failure, fails the test.
    func run(_ page: URL, steps: String) throws -> Outcome {
        let stepsURL = output.appendingPathComponent("steps.json")
        try Data(steps.utf8).write(to: stepsURL)
        let child = ChildProcess(
            command: "python3",
            arguments: [
                SharedData.projectURL("Tests/CalibrationTests/Resources/drive_chromium.py").path,
                try Self.chromium(), page.path, output.path, stepsURL.path,
            ],
            timeout: .seconds(180))
        var driver: ChildProcess.Outcome
        do {
            driver = try child.run()
            if driver.status == Self.browserStoppedAnswering { driver = try child.run() }
        } catch is ChildProcess.TimedOut {
            driver = try child.run()
        }
        guard driver.status == 0 else {
            Issue.record("drive_chromium.py failed (\(driver.termination)): \(driver.error)")
            throw CocoaError(.fileReadUnknown)
        }
        let data = driver.standardOutput
        return try JSONDecoder().decode(Outcome.self, from: data)
    }
}
