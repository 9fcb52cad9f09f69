extension ConfidenceInterval {
    /// How an interval was formed: the one vocabulary for the intervals the package computes,
    /// whatever estimate they belong to. The estimator (a kappa, the pass rate by judge level or
    /// Rogan–Gladen's, a level distribution's matrix correction) is chosen elsewhere; this names how
    /// its interval was drawn around it.
    ///
    /// A method is written, in JSON, CSV and every report, as its ``rawValue``: a fixed word
    /// (`normal`, `fisher-z`, `beta-posterior`) or, for the methods that carry their settings, a
    /// phrase with them (`bonferroni over 3 looks`). ``init(rawValue:)`` reads every phrase back to
    /// the same method, so a report survives a round trip through its JSON; a word no method of this
    /// version writes (a file from another version) is kept verbatim as ``recorded(_:)``.
    public enum Method: Sendable, Hashable, Codable, RawRepresentable, CustomStringConvertible {
        /// value ± c·SE with c from `Quantile` (``ConfidenceInterval/init(around:standardError:quantile:n:level:range:)``),
        /// clipped to the range the figure can take: the chance-corrected coefficients' analytic
        /// interval, and the run estimates' (PPI++, experts-only, judge-only, differences). Written
        /// `normal` or `studentT`.
        case standardError(Quantile)
        /// Pearson's r through Fisher's z: tanh(atanh(r) ± z_{(1+level)/2}/√(n − 3)). Written `fisher-z`.
        case fisherZ
        /// The intraclass correlation's F interval (McGraw & Wong 1996). Written `mcgraw-wong-f`.
        case mcGrawWongF
        /// Wilson's score interval for a share (``Estimate/proportion(_:of:level:)``). Written `wilson`.
        case wilson
        /// The mean of paired differences ± t_{(1+level)/2, n−1}·s/√n. Written `paired-t`.
        case pairedT
        /// The (1 ± level)/2 quantiles of the defined replicates (``BootstrapResult``); also the
        /// matrix correction's two-sample bootstrap of the labelled and unlabelled rows. Written
        /// `percentile-bootstrap`.
        case percentileBootstrap
        /// Efron's bias-corrected and accelerated interval (``BootstrapResult``). Written `bca-bootstrap`.
        case bcaBootstrap
        /// Rogan–Gladen's delta-method interval θ̂ ± z·SE, with Var(θ̂) = [Var(p) + θ² Var(Se) +
        /// (1 − θ)² Var(Sp)] / J², formed about the unclipped θ̂ and clipped to [0, 1]. Written `delta`.
        case delta
        /// Percentiles of Rogan–Gladen's θ over draws of p, Se and Sp, each from a Beta posterior
        /// with Jeffreys' prior on its effective count; draws with Se + Sp ≤ 1 dropped. Written
        /// `beta-posterior`.
        case betaPosterior
        /// The share post-stratified by the judge's level, ± t_{n−1}·SE with the linearised
        /// small-sample variance (two pseudo-rows of one step), clipped to [0, 1]. Written
        /// `by-judge-level`.
        case byJudgeLevel
        /// Percentiles of the matrix correction over draws of the misclassification matrix and the
        /// judge's shares from Dirichlet posteriors under Perks' prior (1/k per cell); draws whose
        /// correction is undefined dropped. Written `dirichlet-posterior`.
        case dirichletPosterior
        /// A selection-adjusted interval over m looks at the same rows: value ± z_{1−(1−level)/(2m)}·SE
        /// (Bonferroni). Written `bonferroni over m looks`.
        case bonferroni(looks: Int)
        /// A repeated confidence interval of a sequential look: value ± c·SE, SE the kappa's at the
        /// threshold and c the look's critical value under Lan–DeMets Pocock-type spending. Written
        /// `repeated (Lan–DeMets Pocock-type spending, SE at the threshold)`.
        case repeatedConfidence
        /// A paired difference ± t_{(1+level)/2, df}·SE, SE the jackknife's over the paired rows,
        /// df = n − 1. Written `jackknife-t (SE by leaving out each paired row, t with df df)`.
        case jackknifeT(degreesOfFreedom: Int)
        /// value ± t_{(1+level)/2, ν}·√(Σ Vᵢ) for a variance of independent parts, each estimated on νᵢ
        /// degrees of freedom, with ν = (Σ Vᵢ)² / Σ (Vᵢ²/νᵢ) (Welch–Satterthwaite), kept to two decimals:
        /// a calibrated estimate's sampling variance and its map's fold jackknife (K − 1 degrees of
        /// freedom), as CJE's `combine_cluster_and_oracle` forms it. Written `welch-satterthwaite-t (ν df)`.
        case welchSatterthwaite(degreesOfFreedom: Double)
        /// A bootstrap interval with how its resamples were drawn (`scheme`: `items`,
        /// `multinomial-table`, `paired-multinomial`), B, the seed and the resamples left out, as
        /// `align` and `compare` report it. Written `percentile-bootstrap (scheme, B = b, seed s,
        /// u undefined resamples excluded)`, or `bca-bootstrap (…)` when `bca` (the same resamples,
        /// the interval bias-corrected and accelerated).
        case describedBootstrap(scheme: String, resamples: Int, seed: UInt64, undefinedResamples: Int, bca: Bool)
        /// A kappa of rows drawn with unequal inclusion probabilities: the Horvitz–Thompson table's
        /// linearised SE with a normal or t quantile. Written `horvitz-thompson-linearised (normal)`
        /// or `(t)`.
        case horvitzThompsonLinearised(Quantile)
        /// A statistic of the Horvitz–Thompson table bootstrapped over the paired rows (each
        /// resample weighted again by its rows' 1/π). Written `horvitz-thompson-bootstrap (rows
        /// with replacement, B = b, seed s)`, for a BCa interval too.
        case horvitzThompsonBootstrap(resamples: Int, seed: UInt64)
        /// An interval that holds given that a test passed on the same rows: the ends at which the
        /// truncated-normal pivot of the selected statistic reaches (1 ± level)/2 (selective inference;
        /// a passed transport audit's mean residual, `PassSelectedResidual` in `RunInference`). Written
        /// `selective (truncated-normal pivot, given the audit's pass)`.
        case selectiveGivenPass
        /// A method none of the above names, kept as written: words read from a file another version
        /// wrote, or a study's own interval (the benchmarks' bootstrap-t, for one).
        case recorded(String)

        /// The methods written as fixed words, read back by ``init(rawValue:)``.
        private static let fixed: [Method] = [
            .standardError(.normal), .standardError(.studentT), .fisherZ, .mcGrawWongF, .wilson, .pairedT,
            .percentileBootstrap, .bcaBootstrap, .delta, .betaPosterior, .byJudgeLevel, .dirichletPosterior,
            .repeatedConfidence, .horvitzThompsonLinearised(.normal), .horvitzThompsonLinearised(.studentT), .selectiveGivenPass,
        ]

        /// The words the method is written as.
        public var rawValue: String {
            switch self {
            case .standardError(let quantile): quantile.rawValue
            case .fisherZ: "fisher-z"
            case .mcGrawWongF: "mcgraw-wong-f"
            case .wilson: "wilson"
            case .pairedT: "paired-t"
            case .percentileBootstrap: "percentile-bootstrap"
            case .bcaBootstrap: "bca-bootstrap"
            case .delta: "delta"
            case .betaPosterior: "beta-posterior"
            case .byJudgeLevel: "by-judge-level"
            case .dirichletPosterior: "dirichlet-posterior"
            case .bonferroni(let looks): "bonferroni over \(looks) looks"
            case .repeatedConfidence: "repeated (Lan–DeMets Pocock-type spending, SE at the threshold)"
            case .jackknifeT(let df): "jackknife-t (SE by leaving out each paired row, t with \(df) df)"
            case .welchSatterthwaite(let df): "welch-satterthwaite-t (\(Self.twoDecimals(df)) df)"
            case .describedBootstrap(let scheme, let resamples, let seed, let undefined, let bca):
                "\(bca ? "bca" : "percentile")-bootstrap (\(scheme), B = \(resamples), seed \(seed), \(undefined) undefined resamples excluded)"
            case .horvitzThompsonLinearised(let quantile): "horvitz-thompson-linearised (\(quantile == .studentT ? "t" : "normal"))"
            case .horvitzThompsonBootstrap(let resamples, let seed):
                "horvitz-thompson-bootstrap (rows with replacement, B = \(resamples), seed \(seed))"
            case .selectiveGivenPass: "selective (truncated-normal pivot, given the audit's pass)"
            case .recorded(let words): words
            }
        }

        /// The method written as `rawValue`; ``recorded(_:)`` when no method of this version writes those words.
        public init(rawValue: String) {
            if let known = Self.fixed.first(where: { $0.rawValue == rawValue }) {
                self = known
            } else if let parsed = Self.parsed(rawValue), parsed.rawValue == rawValue {
                self = parsed
            } else {
                self = .recorded(rawValue)
            }
        }

        public var description: String { rawValue }

        /// The method whose settings the words name, if they have the shape of one; checked against
        /// its ``rawValue`` by the caller.
        private static func parsed(_ words: String) -> Method? {
            func between(_ prefix: String, _ suffix: String) -> Substring? {
                guard words.hasPrefix(prefix), words.hasSuffix(suffix), words.count >= prefix.count + suffix.count
                else { return nil }
                return words.dropFirst(prefix.count).dropLast(suffix.count)
            }
            if let looks = between("bonferroni over ", " looks").flatMap({ Int($0) }) { return .bonferroni(looks: looks) }
            if let df = between("jackknife-t (SE by leaving out each paired row, t with ", " df)").flatMap({ Int($0) }) {
                return .jackknifeT(degreesOfFreedom: df)
            }
            if let df = between("welch-satterthwaite-t (", " df)").flatMap({ Double($0) }) {
                return .welchSatterthwaite(degreesOfFreedom: df)
            }
            if let inner = between("horvitz-thompson-bootstrap (rows with replacement, B = ", ")") {
                let parts = inner.split(separator: ", seed ", omittingEmptySubsequences: false)
                guard parts.count == 2, let b = Int(parts[0]), let seed = UInt64(parts[1]) else { return nil }
                return .horvitzThompsonBootstrap(resamples: b, seed: seed)
            }
            for (prefix, bca) in [("percentile-bootstrap (", false), ("bca-bootstrap (", true)] {
                guard let inner = between(prefix, " undefined resamples excluded)") else { continue }
                // "scheme, B = b, seed s, u": the scheme is all before the last three parts.
                let parts = inner.split(separator: ", ", omittingEmptySubsequences: false)
                guard parts.count >= 4, let u = Int(parts[parts.count - 1]),
                    let seed = parts[parts.count - 2].hasPrefix("seed ") ? UInt64(parts[parts.count - 2].dropFirst(5)) : nil,
                    let b = parts[parts.count - 3].hasPrefix("B = ") ? Int(parts[parts.count - 3].dropFirst(4)) : nil
                else { return nil }
                return .describedBootstrap(
                    scheme: parts.dropLast(3).joined(separator: ", "), resamples: b, seed: seed, undefinedResamples: u, bca: bca)
            }
            return nil
        }

        /// `x` with two decimals, as the Welch–Satterthwaite degrees of freedom are written.
        static func twoDecimals(_ x: Double) -> String {
            let hundredths = (x * 100).rounded()
            let whole = Int(hundredths / 100), fraction = Int(hundredths) - whole * 100
            return "\(whole)." + (fraction < 10 ? "0" : "") + "\(fraction)"
        }

        /// Decodes the method from its words.
        public init(from decoder: any Decoder) throws {
            self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
        }

        /// Encodes the method as its words.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(rawValue)
        }
    }
}
