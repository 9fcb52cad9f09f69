import Calibration
import Foundation
import CalibrationData
import Judging
import RunInference
import SelectiveTrust
import StatisticsCore

// The cascade's guarantee (docs/TRUST.md, "A cascade of judges"): two judges in turn through TrustCascade, the code
// `judgecal trust --judge-scores A B` runs. Each labelled row has two independent confidences, C_A and C_B, each
// Uniform(0.5, 1); the cheap judge A agrees with the experts with probability C_A (informative), the strong judge B
// with probability 0.5 + 0.5 C_B (weakly informative, but right more often), independently. With thresholds λ_A and
// λ_B (a stage without one keeps nothing), the true share of the run each stage keeps and the true risk of its kept
// rows are in closed form: A keeps cov_A = P(C_A ≥ λ_A) = 2(1 − λ_A) at risk 1 − (1 + λ_A)/2; B keeps
// (1 − cov_A) · 2(1 − λ_B) at risk 1/2 − (1 + λ_B)/4; the cascade's risk is their coverage-weighted mean. A violation
// is a replication whose cascade risk exceeds α. The toolkit tests each stage at δ/2; beside it, the same cascade with
// every stage at δ, as Jung et al.'s released code calibrates, whose guarantee by the same argument is only 1 − 2δ.

struct CascadeCell {
    var labelled: Int
    var risk: Double
    /// Each stage's error: δ/2 (the toolkit) or δ (the released code).
    var splitError: Bool
}

func cascadeRow(_ cell: CascadeCell, replications: Int, seed: UInt64) throws -> String {
    var (found, violations, coverage, byA) = (0, 0, 0.0, 0.0)
    let scale = CategoryScale(values: [0, 1])
    for r in 0..<replications {
        var rng = Xoshiro256StarStar(
            seed: SplitMix64.mixed(seed, [7, UInt64(cell.labelled), UInt64(cell.risk * 1000), cell.splitError ? 1 : 0, UInt64(r)]))
        let ids = (0..<cell.labelled).map { "r\($0)" }
        var scoresA: [String: JudgeScore] = [:], scoresB: [String: JudgeScore] = [:]
        for id in ids {
            let a = 0.5 + 0.5 * rng.nextUniform(), b = 0.5 + 0.5 * rng.nextUniform()
            let levelA: Double = rng.nextUniform() < a ? 1 : 0, levelB: Double = rng.nextUniform() < 0.5 + 0.5 * b ? 1 : 0
            scoresA[id] = JudgeScore(levelA, confidence: JudgeConfidence(method: .given, level: levelA, value: a))
            scoresB[id] = JudgeScore(levelB, confidence: JudgeConfidence(method: .given, level: levelB, value: b))
        }
        let labels = ids.map { ExpertLabel(rowID: $0, value: 1) }
        let input = { (scores: [String: JudgeScore]) in
            AlignmentInput(runRowIDs: ids, dimensions: [.init(name: "q", scale: scale, judge: JudgeScores(scores: scores), expertLabels: labels)])
        }
        let settings = try TrustSettings(risk: cell.risk, error: cell.splitError ? 0.1 : 0.2, resamples: 100)
        let cascade = try TrustCascade(stages: [("A", input(scoresA)), ("B", input(scoresB))], settings: settings)
        let stages = cascade.dimensions[0].stages
        let clamp = { (t: Double?) in t.map { max(0.5, min(1, $0)) } }
        let lambdaA = clamp(stages[0].trust.threshold.threshold), lambdaB = clamp(stages[1].trust.threshold.threshold)
        let coverA = lambdaA.map { 2 * (1 - $0) } ?? 0
        let coverB = (1 - coverA) * (lambdaB.map { 2 * (1 - $0) } ?? 0)
        guard coverA + coverB > 0 else { continue }
        found += 1
        let riskA = lambdaA.map { 1 - (1 + $0) / 2 } ?? 0, riskB = lambdaB.map { 0.5 - (1 + $0) / 4 } ?? 0
        if (coverA * riskA + coverB * riskB) / (coverA + coverB) > cell.risk { violations += 1 }
        coverage += coverA + coverB
        byA += coverA / (coverA + coverB)
    }
    let percent = { (count: Int) in String(format: "%.1f%%", 100 * Double(count) / Double(replications)) }
    return "| \(cell.splitError ? "δ/2 each (judgecal)" : "δ each (released code)") | \(cell.labelled) | \(cell.risk) | \(percent(found)) | "
        + "\(percent(violations)) | \(String(format: "%.3f", coverage / Double(replications))) | "
        + "\(found == 0 ? "—" : String(format: "%.2f", byA / Double(found))) | \(replications) |"
}
