import StatisticsCore

/// What one method's intervals did over the replications of one cell.
struct Tally {
    var replications = 0
    var defined = 0
    var coveredRun = 0
    var coveredPopulation = 0
    var errors: [Double] = []
    var widths: [Double] = []

    /// Records one replication's estimate against the run's truth and the population's.
    mutating func add(_ estimate: Estimate, runTruth: Double, populationTruth: Double) {
        replications += 1
        guard let value = estimate.value, let ci = estimate.interval else { return }
        defined += 1
        if ci.contains(runTruth) { coveredRun += 1 }
        if ci.contains(populationTruth) { coveredPopulation += 1 }
        errors.append(value - runTruth)
        widths.append(ci.upper - ci.lower)
    }

    var definedShare: Double { replications == 0 ? 0 : Double(defined) / Double(replications) }
    var coverageRun: Double? { defined == 0 ? nil : Double(coveredRun) / Double(defined) }
    var coveragePopulation: Double? { defined == 0 ? nil : Double(coveredPopulation) / Double(defined) }
    var bias: Double? { Spread.mean(errors).value }
    var medianWidth: Double? { Spread.median(widths).value }
}

/// The methods of one estimand, in the order they are printed, with their tallies.
struct EstimandTallies {
    let estimand: String
    let methods: [String]
    /// The method whose width every other is divided by.
    let baseline: String
    /// Methods shown for contrast, to which the targets do not apply (the judge's own figures).
    let exempt: Set<String>
    /// Methods divided by another baseline than ``baseline`` (the experts-only interval of the same kind).
    var baselines: [String: String] = [:]
    var tallies: [String: Tally] = [:]

    /// The method whose median width `method`'s is divided by.
    func baseline(of method: String) -> String { baselines[method] ?? baseline }

    /// Whether `method` is an experts-only baseline, held to coverage and bias but not to width.
    func isBaseline(_ method: String) -> Bool { method == baseline || baselines.values.contains(method) }

    mutating func add(_ method: String, _ estimate: Estimate, runTruth: Double, populationTruth: Double) {
        tallies[method, default: Tally()].add(estimate, runTruth: runTruth, populationTruth: populationTruth)
    }
}
