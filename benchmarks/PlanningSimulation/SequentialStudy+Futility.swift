import Calibration
import Foundation
import RunInference
import StatisticsCore

/// One sequential stream, as looked at with and without futility stopping.
///
/// Its verdict at the first decisive look (or inconclusive at the cap), the labels by then, and the
/// futility assessment of every inconclusive look before it. Futility is non-binding, so the stream
/// with futility stopping is this one cut at its first futile look.
struct SequentialPath {
    var outcome = AlignmentOutcome.inconclusive
    var rows = SequentialStudy.maximumRows
    /// Look k's (from 0) assessment, for the looks before the decisive one; `nil` where it has none.
    var futility: [SequentialFutility?] = []

    /// How a stream ends with futility stopping.
    enum End { case aligned, notAligned, futile, undecided }

    /// The end and labels used with futility stopping at γ = `gamma` after `share` of the cap; without it when
    /// `gamma` is `nil`.
    func ended(gamma: Double?, share: Double) -> (end: End, rows: Int) {
        if let gamma, let k = futility.firstIndex(where: { $0?.wouldStop(gamma: gamma, minimumShare: share) == true }) {
            return (.futile, (k + 1) * SequentialStudy.batch)
        }
        switch outcome {
        case .aligned: return (.aligned, rows)
        case .notAligned: return (.notAligned, rows)
        default: return (.undecided, rows)
        }
    }
}

/// One true kappa's streams, both arms.
struct FutilityCell {
    let truth: Double
    let design: AgreementDesign
    let fixed80: Int?
    let uniform: [SequentialPath]
    let stratified: [SequentialPath]
}

extension SequentialStudy {
    /// The futility rule's γ values and least shares of the cap that the tuning table compares.
    static let gammas = [0.01, 0.02, 0.05, 0.10]
    static let shares = [0.25, 0.4, 0.5, 0.6]

    /// The look's assessment (``SequentialFutility``) against the cap of 400 rows and its critical value.
    static func futility(_ estimate: Estimate, se: Double?, rows: Int, critical: [Double]) -> SequentialFutility? {
        guard let value = estimate.value, let se, let last = critical.last else { return nil }
        return SequentialFutility(
            estimate: value, threshold: threshold, standardError: se, rows: rows, finalRows: maximumRows, finalCritical: last)
    }

    /// The futility tables: a tuning grid over γ and the least share, then each cell's ends and labels per arm, with
    /// the chosen constants, and the judge-stratified arm's labels against fixed uniform designs.
    func printFutility(_ cells: [FutilityCell]) {
        let gamma = SequentialFutility.defaultGamma
        let arms: [(name: String, paths: (FutilityCell) -> [SequentialPath], share: Double)] = [
            ("uniform", { $0.uniform }, SequentialFutility.defaultMinimumShare),
            ("judge-stratified", { $0.stratified }, SequentialFutility.judgeStratifiedMinimumShare),
        ]
        print("")
        print(
            "Futility tuning, each arm (power lost in points at 0.4 / 0.75 / 0.85; false aligned at 0.6 / 0.55; median labels at 0.55 / 0.65):"
        )
        print("")
        print("| arm | γ | least share of 400 | power lost 0.4 / 0.75 / 0.85 | false aligned 0.6 / 0.55 | median labels 0.55 / 0.65 |")
        print("|---|---|---|---|---|---|")
        func cell(_ truth: Double) -> FutilityCell? { cells.first { $0.truth == truth } }
        for arm in arms {
            for g in Self.gammas {
                for s in Self.shares {
                    let lost = [0.4, 0.75, 0.85].map { t in
                        cell(t).map { c in
                            String(
                                format: "%.1f",
                                100 * (power(c, arm.paths(c), gamma: nil, share: s) - power(c, arm.paths(c), gamma: g, share: s)))
                        } ?? "—"
                    }
                    let falseAligned = [0.6, 0.55].map { t in
                        cell(t).map { Self.percent(endShare(.aligned, arm.paths($0), gamma: g, share: s)) } ?? "—"
                    }
                    let medians = [0.55, 0.65].map { t in
                        cell(t).map { String(Self.median(arm.paths($0).map { $0.ended(gamma: g, share: s).rows })) } ?? "—"
                    }
                    print(
                        "| \(arm.name) | \(g) | \(s) | \(lost.joined(separator: " / ")) | \(falseAligned.joined(separator: " / ")) | \(medians.joined(separator: " / ")) |"
                    )
                }
            }
        }
        print("")
        print(
            "With futility at γ = \(gamma), at least \(arms.map { "\(Int($0.share * 100))%" }.joined(separator: " (uniform) and ")) (judge-stratified) of 400 labels in (no-futility arm beside it):"
        )
        print("")
        print(
            "| true κ_q | arm | aligned | not aligned | futile | undecided at 400 | right verdict (power) | power lost | median labels | mean labels |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|")
        for c in cells {
            for arm in arms {
                let (name, paths, share) = (arm.name, arm.paths(c), arm.share)
                for g in [nil, gamma] {
                    let ends = paths.map { $0.ended(gamma: g, share: share) }
                    let rates = [PathEnd.aligned, .notAligned, .futile, .undecided].map { e in
                        Self.percent(Double(ends.filter { $0.end == e }.count) / Double(paths.count))
                    }
                    let lost =
                        g == nil
                        ? "—"
                        : String(
                            format: "%.1f", 100 * (power(c, paths, gamma: nil, share: share) - power(c, paths, gamma: g, share: share)))
                    let mean = Double(ends.map(\.rows).reduce(0, +)) / Double(ends.count)
                    print(
                        "| \(c.truth) | \(name)\(g == nil ? "" : " + futility") | \(rates.joined(separator: " | ")) | \(Self.percent(power(c, paths, gamma: g, share: share))) | \(lost) | \(Self.median(ends.map(\.rows))) | \(String(format: "%.0f", mean)) |"
                    )
                }
            }
        }
        print("")
        print("Judge-stratified + futility against fixed uniform designs (a futility stop counted as reaching an answer, and not):")
        print("")
        print(
            "| true κ_q | power | median labels, futile = answer | fixed uniform n at that power (same test) | median / it | fixed n for 80% | median / it | median labels, futile = no verdict | median / fixed at that power |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        let share = arms[1].share  // the judge-stratified arm's
        for c in cells {
            let ends = c.stratified.map { $0.ended(gamma: gamma, share: share) }
            let p = power(c, c.stratified, gamma: gamma, share: share)
            let median = Self.median(ends.map(\.rows))
            // Futile or undecided streams never reach a verdict: above every stop, so the median is ">400" if half of them are.
            let verdictRows = ends.map { $0.end == .aligned || $0.end == .notAligned ? $0.rows : Int.max }
            let verdictMedian = Self.median(verdictRows)
            var same: Int?
            if c.truth != Self.threshold, p > 0.05 {
                same = fixedRowsAtThreshold(
                    c.design, above: c.truth > Self.threshold, power: min(p, 0.99),
                    seed: StudyTables.seed(seed, [UInt64(c.truth * 100), 95]))
            }
            func ratio(_ m: Int, _ n: Int?) -> String {
                guard let n, m != Int.max else { return "—" }
                return String(format: "%.0f%%", 100 * Double(m) / Double(n))
            }
            print(
                "| \(c.truth) | \(c.truth == Self.threshold ? "—" : Self.percent(p)) | \(median) | \(same.map(String.init) ?? "—") | \(ratio(median, same)) | \(c.fixed80.map(String.init) ?? "never") | \(ratio(median, c.fixed80)) | \(verdictMedian == Int.max ? "> 400" : String(verdictMedian)) | \(ratio(verdictMedian, same)) |"
            )
        }
    }

    typealias PathEnd = SequentialPath.End

    /// The share of `paths`, streams of `cell`, with the right verdict (aligned above the threshold, not aligned below it).
    func power(_ cell: FutilityCell, _ paths: [SequentialPath], gamma: Double?, share: Double) -> Double {
        endShare(cell.truth > Self.threshold ? .aligned : .notAligned, paths, gamma: gamma, share: share)
    }

    func endShare(_ end: PathEnd, _ paths: [SequentialPath], gamma: Double?, share: Double) -> Double {
        Double(paths.filter { $0.ended(gamma: gamma, share: share).end == end }.count) / Double(paths.count)
    }

    /// The median as the study counts it: the (count/2)-th smallest.
    static func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
}
