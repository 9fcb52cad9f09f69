import DataFormats
import Foundation
import RunInference
import StatisticsCore

/// The real-data check of issue #13 on HANNA's 960 stories.
///
/// HANNA (Chhun and others, 2022) has 960 machine-written stories, each rated by three crowd workers (their mean, in
/// `notebooks-data/hanna.labels.csv`, stands for the expert label) and scored by
/// five LLM judges (`notebooks-data/hanna-judges/*.p1.csv`). For each judge and
/// criterion and each of `seeds` seeds, 100 stories drawn at random are the
/// labelled rows and the other 860 the unlabelled; the truth is the crowd mean
/// over all 960 stories. Reported: how often the PPI++ and experts-only
/// intervals contain the truth, their median widths, and whether the judge's own
/// mean over all 960 stories lies within its own interval of the truth (that
/// does not depend on the seed: the judge scored every story).
///
/// The same seeds also draw 100 stories as `extract --strategy judge-stratified --sample 100`
/// would (strata by the judge's score rounded half up onto 1–5, √N_h allocation, ``StratifiedDraw``),
/// and estimate with the frame's weights (labelled 1/π, unlabelled 1/(1 − π)) and without them (the
/// rows taken as a uniform sample): the second table.
enum HANNACheck {
    static let judges = ["Beluga-13B", "ChatGPT", "Llama-13B", "Mistral-7B", "OrcaPlatypus"]
    static let criteria = ["relevance", "coherence", "empathy", "surprise", "engagement", "complexity"]

    static func run(root: String, seeds: Int, labelled: Int, baseSeed: UInt64) throws {
        let labels = try read("\(root)/notebooks-data/hanna.labels.csv")
        print(
            "| judge | criterion | truth (crowd mean) | judge mean | judge interval covers | PPI++ coverage | experts-only coverage | median width PPI++ / experts-only |"
        )
        print("|---|---|---|---|---|---|---|---|")
        var covered = (ppi: 0, experts: 0, total: 0, judge: 0, pairs: 0)
        var stratifiedRows: [String] = []
        var stratified = (weighted: 0, unweighted: 0, total: 0)
        var biases = (weighted: [Double](), unweighted: [Double](), expertsWeighted: [Double](), expertsUnweighted: [Double]())
        for judge in judges {
            let scores = try read("\(root)/notebooks-data/hanna-judges/\(judge).p1.csv")
            for criterion in criteria {
                let (expert, judged) = try paired(labels, scores, criterion: criterion)
                let truth = Spread.mean(expert).value ?? .nan
                var ppiCovered = 0
                var expertsCovered = 0
                var ratios: [Double] = []
                var judgeOnly: Estimate?
                var framed = (weighted: 0, unweighted: 0)
                var errors = (weighted: [Double](), unweighted: [Double](), expertsWeighted: [Double](), expertsUnweighted: [Double]())
                let levels = judged.map { min(4, max(0, Int(($0 + 0.5).rounded(.down)) - 1)) }
                for s in 0..<seeds {
                    var generator = Xoshiro256StarStar(seed: baseSeed &+ UInt64(s))
                    var order = Array(expert.indices)
                    order.shuffle(using: &generator)
                    let chosen = order[0..<labelled]
                    let rest = order[labelled...]
                    let sample = try CorrectionSample(
                        expert: chosen.map { expert[$0] }, judge: chosen.map { judged[$0] },
                        judgeUnlabelled: rest.map { judged[$0] })
                    let mean = RunMeanEstimate(sample)
                    judgeOnly = mean.judgeOnly
                    if mean.corrected.interval?.contains(truth) == true { ppiCovered += 1 }
                    if mean.expertsOnly.interval?.contains(truth) == true { expertsCovered += 1 }
                    if let a = mean.corrected.interval, let b = mean.expertsOnly.interval {
                        ratios.append((a.upper - a.lower) / (b.upper - b.lower))
                    }
                    var drawing = Xoshiro256StarStar(seed: baseSeed &+ 1_000_000 &+ UInt64(s))
                    let draw = try StratifiedDraw(
                        expert: expert, judge: judged,
                        draw: StratifiedDraw.judgeStratified(stratum: levels, strata: 5, labelled: labelled, using: &drawing))
                    let weighted = RunMeanEstimate(draw.weighted)
                    let unweighted = RunMeanEstimate(draw.unweighted)
                    if weighted.corrected.interval?.contains(truth) == true { framed.weighted += 1 }
                    if unweighted.corrected.interval?.contains(truth) == true { framed.unweighted += 1 }
                    errors.weighted.append((weighted.corrected.value ?? .nan) - truth)
                    errors.unweighted.append((unweighted.corrected.value ?? .nan) - truth)
                    errors.expertsWeighted.append((weighted.expertsOnly.value ?? .nan) - truth)
                    errors.expertsUnweighted.append((unweighted.expertsOnly.value ?? .nan) - truth)
                }
                let mean = { (x: [Double]) in Spread.mean(x).value ?? .nan }
                stratified.weighted += framed.weighted
                stratified.unweighted += framed.unweighted
                stratified.total += seeds
                biases.weighted.append(mean(errors.weighted))
                biases.unweighted.append(mean(errors.unweighted))
                biases.expertsWeighted.append(mean(errors.expertsWeighted))
                biases.expertsUnweighted.append(mean(errors.expertsUnweighted))
                stratifiedRows.append(
                    "| "
                        + [
                            judge, criterion, f(truth), pct(framed.weighted, seeds), pct(framed.unweighted, seeds),
                            f(mean(errors.weighted), 4), f(mean(errors.unweighted), 4), f(mean(errors.expertsWeighted), 4),
                            f(mean(errors.expertsUnweighted), 4),
                        ].joined(separator: " | ") + " |")
                let judgeCovers = judgeOnly?.interval?.contains(truth) == true
                covered.ppi += ppiCovered
                covered.experts += expertsCovered
                covered.total += seeds
                covered.judge += judgeCovers ? 1 : 0
                covered.pairs += 1
                let cells = [
                    judge, criterion, f(truth), f(judgeOnly?.value ?? .nan), judgeCovers ? "yes" : "no",
                    pct(ppiCovered, seeds), pct(expertsCovered, seeds), f(Spread.median(ratios).value ?? .nan, 2),
                ]
                print("| " + cells.joined(separator: " | ") + " |")
            }
        }
        print("")
        print("")
        print(
            "Judge-stratified draws of \(labelled) stories (extract's first batch), with and without the frame's weights:")
        print("")
        print(
            "| judge | criterion | truth | PPI++ coverage, weighted | PPI++ coverage, unweighted | PPI++ bias, weighted | PPI++ bias, unweighted | experts-only bias, weighted | experts-only bias, unweighted |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        for row in stratifiedRows { print(row) }
        let meanAbs = { (x: [Double]) in x.map(abs).reduce(0, +) / Double(max(1, x.count)) }
        print("")
        print(
            "Judge-stratified: PPI++ covers the truth in \(pct(stratified.weighted, stratified.total)) weighted, \(pct(stratified.unweighted, stratified.total)) unweighted; mean |bias| over the pairs: PPI++ \(f(meanAbs(biases.weighted), 4)) weighted, \(f(meanAbs(biases.unweighted), 4)) unweighted; experts-only \(f(meanAbs(biases.expertsWeighted), 4)) weighted, \(f(meanAbs(biases.expertsUnweighted), 4)) unweighted."
        )
        print("")
        print(
            "Over \(covered.pairs) judge × criterion pairs and \(seeds) seeds each (\(labelled) labelled stories of 960): PPI++ covers the truth in \(pct(covered.ppi, covered.total)), the experts-only interval in \(pct(covered.experts, covered.total)); the judge's own interval contains the truth for \(covered.judge) of \(covered.pairs) pairs."
        )
    }

    private static func read(_ path: String) throws -> RecordTable {
        try CSVReader().read(Data(contentsOf: URL(fileURLWithPath: path)), file: path)
    }

    /// The crowd's and the judge's scores of `criterion`, story by story in the labels' order.
    private static func paired(_ labels: RecordTable, _ scores: RecordTable, criterion: String) throws -> (
        [Double], [Double]
    ) {
        let labelID = try labels.requireColumn(named: "id")
        let labelColumn = try labels.requireColumn(named: criterion)
        let scoreID = try scores.requireColumn(named: "id")
        let scoreColumn = try scores.requireColumn(named: criterion)
        var judged: [String: Double] = [:]
        for r in 0..<scores.rowCount { judged[scores[r, scoreID]] = Double(scores[r, scoreColumn]) }
        var expert: [Double] = []
        var judge: [Double] = []
        for r in 0..<labels.rowCount {
            let id = labels[r, labelID]
            guard let e = Double(labels[r, labelColumn]) else {
                throw InputError(
                    file: labels.file, line: labels.lines[r], column: criterion, message: "expected a number")
            }
            guard let j = judged[id] else {
                throw InputError(file: scores.file, column: criterion, message: "story \(id) has no numeric score")
            }
            expert.append(e)
            judge.append(j)
        }
        return (expert, judge)
    }

    private static func f(_ x: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", x) }
    private static func pct(_ k: Int, _ n: Int) -> String {
        String(format: "%.1f%%", 100 * Double(k) / Double(max(1, n)))
    }
}
