public import DataFormats
public import RunInference

extension TrustAbstainBand {
    /// The band's targets and the grid of candidate thresholds it is chosen from (the error δ is the
    /// trust settings' own, ``TrustSettings/error``).
    public struct Settings: Sendable, Hashable, Codable {
        /// The minimum negative predictive value: of the rows decided at the lower level, the share the experts put there.
        public var minimumNegativePredictiveValue: Double
        /// The minimum positive predictive value: of the rows decided at the upper level, the share the experts put there.
        public var minimumPositivePredictiveValue: Double
        /// The largest share of rows abstained.
        public var maximumAbstentionRate: Double
        /// h, the grid's step (``candidates``).
        public var gridStep: Double

        /// The most steps of the grid on each side of 0.5: 50, so a step of at least 0.01 and at most
        /// 51² = 2,601 candidates (Holm divides δ among them, so a finer grid certifies less).
        public static let maximumSteps = 50

        /// The settings; by default those of MAPIE's "Risk Control for LLM as a Judge with Abstention"
        /// example (NPV at least 0.85, PPV at least 0.8, at most 20% abstained) on a grid of step 0.1.
        ///
        /// - Throws: ``SettingsError`` for a target outside (0, 1), or a step that does not divide 0.5
        ///   into 1 to ``maximumSteps`` whole steps.
        public init(
            minimumNegativePredictiveValue: Double = standard.minimumNegativePredictiveValue,
            minimumPositivePredictiveValue: Double = standard.minimumPositivePredictiveValue,
            maximumAbstentionRate: Double = standard.maximumAbstentionRate,
            gridStep: Double = standard.gridStep
        ) throws(SettingsError) {
            guard minimumNegativePredictiveValue > 0, minimumNegativePredictiveValue < 1 else {
                throw .negativePredictiveValue(minimumNegativePredictiveValue)
            }
            guard minimumPositivePredictiveValue > 0, minimumPositivePredictiveValue < 1 else {
                throw .positivePredictiveValue(minimumPositivePredictiveValue)
            }
            guard maximumAbstentionRate > 0, maximumAbstentionRate < 1 else { throw .abstentionRate(maximumAbstentionRate) }
            let steps = 0.5 / gridStep
            guard gridStep > 0, steps.isFinite, abs(steps - steps.rounded()) <= 1e-9 * steps,
                (1...Self.maximumSteps).contains(Int(steps.rounded()))
            else { throw .gridStep(gridStep) }
            self.init(
                checked: minimumNegativePredictiveValue, minimumPositivePredictiveValue, maximumAbstentionRate, gridStep: gridStep)
        }

        /// The settings when nothing is chosen.
        public static let standard = Settings(checked: 0.85, 0.8, 0.2, gridStep: 0.1)

        private init(checked npv: Double, _ ppv: Double, _ abstention: Double, gridStep: Double) {
            minimumNegativePredictiveValue = npv
            minimumPositivePredictiveValue = ppv
            maximumAbstentionRate = abstention
            self.gridStep = gridStep
        }

        /// The candidate bands: with n = 0.5/h steps, λ₁ ∈ {0, h, …, 0.5} and λ₂ ∈ {0.5, 0.5 + h, …, 1}
        /// (the i-th point i/(2n), rounded once, so 0.3 is the double nearest 0.3), every pair, λ₁
        /// varying slowest (``RunInference/AbstainBand/grid(lower:upper:)``): (n + 1)² bands, 36 at
        /// h = 0.1. The grid is symmetric about 0.5, reaches both ends (λ₁ = 0 keeps the lower level
        /// only at s = 0, λ₂ = 1 the upper only at s = 1) and holds (0.5, 0.5), the band that never abstains.
        public var candidates: [AbstainBand.Thresholds] {
            let n = Int((0.5 / gridStep).rounded())
            let point = { (i: Int) in Double(i) / Double(2 * n) }
            return AbstainBand.grid(lower: (0...n).map(point), upper: (n...(2 * n)).map(point))
        }
    }

    /// A band setting out of its range; the CLI words it with the option that sets it.
    public enum SettingsError: Error, Sendable, Hashable, CustomStringConvertible {
        case negativePredictiveValue(Double)
        case positivePredictiveValue(Double)
        case abstentionRate(Double)
        case gridStep(Double)

        public var description: String {
            switch self {
            case .negativePredictiveValue(let v): "the minimum negative predictive value is \(v.plainText); it lies strictly between 0 and 1"
            case .positivePredictiveValue(let v): "the minimum positive predictive value is \(v.plainText); it lies strictly between 0 and 1"
            case .abstentionRate(let v): "the maximum abstention rate is \(v.plainText); it lies strictly between 0 and 1"
            case .gridStep(let h):
                "the grid's step is \(h.plainText); it divides 0.5 into 1 to \(Settings.maximumSteps) whole steps, such as 0.1, 0.05 or 0.01"
            }
        }
    }
}

extension TrustAbstainBand.SettingsError: KindedError {
    /// ``DataFormats/ErrorKind/usage``: a setting the user chose.
    public var kind: ErrorKind { .usage }
}
