import AgreementCoefficients
import Calibration
import Foundation
import RunInference
import StatisticsCore

/// Labels revealed in batches of 10 up to 400 on a 1–4 scale, drawn uniformly, against threshold
/// 0.6 on quadratic kappa: how often each way of looking declares "aligned", and with how many
/// labels it stops.
///
/// - sequential: `align --sequential 40`, every look on its repeated interval (``SequentialBoundary``);
/// - naive: plain `align` re-run after every batch, stopping at the first decisive verdict;
/// - fixed: one look at a fixed n, the fewest rows with 80% power at this truth (``KappaSampleSize``),
///   and its chance of "aligned" at that single look.
///
/// Each replication draws one stream of 400 rows; both looking rules see the same stream. A
/// second stream of the replication is drawn judge-stratified (``JudgeStratifiedStream``) and
/// looked at with the sequential rule on its Horvitz–Thompson kappa and SE at the threshold, as
/// `align --sequential` decides on weighted labels. Each sequential arm is also seen with futility
/// stopping (``SequentialFutility``; tables in `SequentialStudy+Futility`).
struct SequentialStudy {
    let replications: Int
    let seed: UInt64
    static let threshold = 0.6
    static let batch = 10
    static let maximumRows = 400

    func run() {
        let sizes = Array(stride(from: Self.batch, through: Self.maximumRows, by: Self.batch))
        guard let critical = SequentialBoundary.criticalValues(sizes: sizes, maximumLooks: sizes.count, alpha: 0.025) else { return }
        print(
            "Looks every \(Self.batch) labels up to \(Self.maximumRows), threshold \(Self.threshold), \(replications) replications per truth, seed \(seed)"
        )
        print(
            "Sequential critical values: look 1 \(String(format: "%.3f", critical[0])), look 10 \(String(format: "%.3f", critical[9])), look 40 \(String(format: "%.3f", critical[39]))"
        )
        print("")
        print(
            "| true κ_q | naive: ever aligned | sequential: ever aligned | sequential: decisive by 400 | sequential: median labels at stop | fixed n for 80% | fixed: aligned at its n |"
        )
        print("|---|---|---|---|---|---|---|")
        var stratifiedRows: [String] = []
        var cells: [FutilityCell] = []
        for truth in [0.4, 0.55, 0.6, 0.65, 0.75, 0.85] {
            guard let design = try? StudyTables.design(kappa: truth) else {
                print("| \(truth) | beyond the most agreement these margins allow | | | | | |")
                continue
            }
            var naiveAligned = 0
            var sequentialAligned = 0
            var decisive = 0
            var stops: [Int] = []
            var (stratifiedAligned, stratifiedDecisive, stratifiedRight, stratifiedStops) = (0, 0, 0, [Int]())
            var (uniformPaths, stratifiedPaths) = ([SequentialPath](), [SequentialPath]())
            for r in 0..<replications {
                var generator = Xoshiro256StarStar(seed: StudyTables.seed(seed, [UInt64(truth * 100), UInt64(r)]))
                var counts = [Int](repeating: 0, count: design.cells.count)
                var naiveDone = false
                var sequentialDone = false
                var path = SequentialPath()
                for (k, n) in sizes.enumerated() {
                    let batch = StudyTables.draw(design, rows: Self.batch, generator: &generator)
                    for c in counts.indices { counts[c] += batch.counts[c] }
                    let estimate = CohenKappa(
                        ContingencyTable(scale: design.scale, counts: counts, excludedPairs: 0), weights: .quadratic
                    ).kappa.withoutCollapsedInterval()
                    if !naiveDone {
                        let outcome = Verdict(estimate: estimate, threshold: Self.threshold, statistic: "κ_q").outcome
                        if outcome == .aligned { naiveAligned += 1 }
                        naiveDone = outcome == .aligned || outcome == .notAligned
                    }
                    if !sequentialDone {
                        let table = ContingencyTable(scale: design.scale, counts: counts, excludedPairs: 0)
                        let outcome = Verdict(
                            estimate: Self.repeated(estimate, table: table, critical: critical[k]), threshold: Self.threshold,
                            statistic: "κ_q"
                        ).outcome
                        if outcome == .aligned { sequentialAligned += 1 }
                        if outcome == .aligned || outcome == .notAligned {
                            sequentialDone = true
                            decisive += 1
                            stops.append(n)
                            (path.outcome, path.rows) = (outcome, n)
                        } else {
                            path.futility.append(Self.futility(estimate, se: Self.thresholdSE(table), rows: n, critical: critical))
                        }
                    }
                    if naiveDone, sequentialDone { break }
                }
                if !sequentialDone { stops.append(Self.maximumRows) }
                uniformPaths.append(path)
                let stratified = stratifiedStream(
                    design, critical: critical, seed: StudyTables.seed(seed, [UInt64(truth * 100), UInt64(r), 3]))
                if stratified.outcome == .aligned { stratifiedAligned += 1 }
                if stratified.outcome == .aligned || stratified.outcome == .notAligned { stratifiedDecisive += 1 }
                if stratified.outcome == (truth > Self.threshold ? .aligned : .notAligned) { stratifiedRight += 1 }
                stratifiedStops.append(stratified.rows)
                stratifiedPaths.append(stratified)
            }
            let fixed = KappaSampleSize.simulatedRows(
                design: design, weights: .quadratic, threshold: Self.threshold, level: 0.95, power: 0.8, replications: 2000,
                seed: StudyTables.seed(seed, [UInt64(truth * 100), 99]))
            var fixedAligned = "—"
            if let n = fixed?.count {
                let p = alignedAtOneLook(design, rows: n, seed: StudyTables.seed(seed, [UInt64(truth * 100), 98]))
                fixedAligned = Self.percent(p)
            }
            cells.append(
                FutilityCell(truth: truth, design: design, fixed80: fixed?.count, uniform: uniformPaths, stratified: stratifiedPaths))
            let median = stops.sorted()[stops.count / 2]
            let stratifiedMedian = stratifiedStops.sorted()[stratifiedStops.count / 2]
            let uniformRatio = fixed?.count.map { String(format: "%.0f%%", 100 * Double(median) / Double($0)) } ?? "—"
            stratifiedRows.append(
                stratifiedRow(
                    truth, design: design, aligned: stratifiedAligned, decisive: stratifiedDecisive, right: stratifiedRight,
                    median: stratifiedMedian, fixed80: fixed?.count, uniformRatio: uniformRatio))
            print(
                "| \(truth) | \(Self.percent(Double(naiveAligned) / Double(replications))) | \(Self.percent(Double(sequentialAligned) / Double(replications))) | \(Self.percent(Double(decisive) / Double(replications))) | \(median) | \(fixed.map(Self.rows) ?? "never") | \(fixedAligned) |"
            )
        }
        print("")
        print("Sequential looks on judge-stratified batches (Horvitz–Thompson κ_q, SE at the threshold from the weighted table):")
        print("")
        print(
            "| true κ_q | ever aligned | decisive by 400 | right verdict by 400 (power) | median labels at stop | fixed uniform n for 80% | uniform sequential median / it | judge-stratified median / it | fixed uniform n at the same power: align's interval | median / it | fixed uniform n at the same power: the same test (SE at θ) | median / it |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        stratifiedRows.forEach { print($0) }
        printFutility(cells)
    }

    /// A row of the judge-stratified table: its rates, and its median labels against fixed uniform designs, at
    /// 80% power and at the power the sequential design reached (at most 99%): one look with `align`'s interval
    /// (``KappaSampleSize/simulatedRows``), and one look with the test the sequential looks make, (κ̂ − θ)/SE_θ
    /// against 1.96 (Cantor's test, ``fixedRowsAtThreshold(_:above:power:seed:)``).
    func stratifiedRow(
        _ truth: Double, design: AgreementDesign, aligned: Int, decisive: Int, right: Int, median: Int, fixed80: Int?,
        uniformRatio: String
    ) -> String {
        let power = Double(right) / Double(replications)
        let target = min(power, 0.99)
        func ratio(_ n: Int?) -> String { n.map { String(format: "%.0f%%", 100 * Double(median) / Double($0)) } ?? "—" }
        var samePower = "—"
        var sameTest: Int?
        if target > 0.05 {
            let need = KappaSampleSize.simulatedRows(
                design: design, weights: .quadratic, threshold: Self.threshold, level: 0.95, power: target, replications: 2000,
                seed: StudyTables.seed(seed, [UInt64(truth * 100), 97]))
            samePower = need.map { Self.rows($0) + " | " + ratio($0.count) } ?? "never | —"
            sameTest = fixedRowsAtThreshold(
                design, above: truth > Self.threshold, power: target, seed: StudyTables.seed(seed, [UInt64(truth * 100), 96]))
        } else {
            samePower = "— | —"
        }
        return "| \(truth) | \(Self.percent(Double(aligned) / Double(replications))) | "
            + "\(Self.percent(Double(decisive) / Double(replications))) | \(Self.percent(power)) | \(median) | "
            + "\(fixed80.map(String.init) ?? "never") | \(uniformRatio) | \(ratio(fixed80)) | \(samePower) | "
            + "\(sameTest.map(String.init) ?? "—") | \(ratio(sameTest)) |"
    }

    /// The fewest uniform rows at which one look with the sequential rule's own test — (κ̂ − θ)/SE_θ beyond 1.96 on
    /// the right side — decides rightly with chance `power` (2,000 seeded replications per n; bisection, the chance
    /// taken as increasing in n); `nil` beyond 20,000 rows.
    func fixedRowsAtThreshold(_ design: AgreementDesign, above: Bool, power: Double, seed: UInt64) -> Int? {
        func chance(_ n: Int) -> Double {
            var generator = Xoshiro256StarStar(seed: seed)
            var right = 0
            for _ in 0..<2000 {
                let table = StudyTables.draw(design, rows: n, generator: &generator)
                guard let v = CohenKappa(table, weights: .quadratic).kappa.value,
                    let se = CohenKappa.standardError(at: Self.threshold, table: table, weights: .quadratic), se > 0
                else { continue }
                let z = (v - Self.threshold) / se
                if above ? z >= 1.959964 : z <= -1.959964 { right += 1 }
            }
            return Double(right) / 2000
        }
        var (low, high) = (1, 10)
        while chance(high) < power {
            (low, high) = (high, high * 2)
            if high > 20_000 { return nil }
        }
        while high - low > 1 {
            let middle = (low + high) / 2
            if chance(middle) >= power { high = middle } else { low = middle }
        }
        return high
    }

    /// One judge-stratified stream looked at after every batch with the sequential rule: its
    /// verdict at the first decisive look (or the last), the labels used by then, and each earlier
    /// look's futility assessment.
    func stratifiedStream(_ design: AgreementDesign, critical: [Double], seed: UInt64) -> SequentialPath {
        var generator = Xoshiro256StarStar(seed: seed)
        var stream = JudgeStratifiedStream(design: design)
        var path = SequentialPath()
        for (k, n) in stride(from: Self.batch, through: Self.maximumRows, by: Self.batch).enumerated() {
            stream.drawBatch(Self.batch, generator: &generator)
            let table = stream.weightedTable
            var estimate = CohenKappa(table, weights: .quadratic).kappa.withoutCollapsedInterval()
            estimate.interval = nil
            let se = CohenKappa.standardError(at: Self.threshold, weightedTable: table, weights: .quadratic)
            if let v = estimate.value, let se {
                estimate.interval = ConfidenceInterval(
                    lower: v - critical[k] * se, upper: v + critical[k] * se, level: 0.95, method: .recorded("repeated"))
            }
            let outcome = Verdict(estimate: estimate, threshold: Self.threshold, statistic: "κ_q").outcome
            path.outcome = outcome
            if outcome == .aligned || outcome == .notAligned {
                path.rows = n
                return path
            }
            path.futility.append(Self.futility(estimate, se: se, rows: n, critical: critical))
        }
        return path
    }

    /// The estimate with the repeated interval κ̂ ± c·SE_θ, as `align --sequential` decides (``SequentialLook``).
    static func repeated(_ estimate: Estimate, table: ContingencyTable, critical: Double) -> Estimate {
        var e = estimate
        e.interval = nil
        if let v = e.value, let se = thresholdSE(table) {
            e.interval = ConfidenceInterval(lower: v - critical * se, upper: v + critical * se, level: 0.95, method: .recorded("repeated"))
        }
        return e
    }

    /// κ_q's SE at the threshold on a count table (``CohenKappa/standardError(at:table:weights:)``).
    static func thresholdSE(_ table: ContingencyTable) -> Double? {
        CohenKappa.standardError(at: threshold, table: table, weights: .quadratic)
    }

    /// The share of `replications` single looks at `rows` rows that say "aligned".
    func alignedAtOneLook(_ design: AgreementDesign, rows: Int, seed: UInt64) -> Double {
        var generator = Xoshiro256StarStar(seed: seed)
        var aligned = 0
        for _ in 0..<replications {
            let estimate = CohenKappa(StudyTables.draw(design, rows: rows, generator: &generator), weights: .quadratic).kappa
            if Verdict(estimate: estimate.withoutCollapsedInterval(), threshold: Self.threshold, statistic: "κ_q").outcome == .aligned {
                aligned += 1
            }
        }
        return Double(aligned) / Double(replications)
    }

    static func percent(_ x: Double) -> String { String(format: "%.1f%%", 100 * x) }
    static func rows(_ need: KappaSampleSize.Need) -> String { need.count.map(String.init) ?? "> \(KappaSampleSize.maximumRows)" }
}
