import Foundation
internal import StatisticsCore
internal import Synchronization

/// The optional protocol of samples that carry prompt text, for the per-sample table.
public protocol PromptedSample {
    /// The prompt.
    var prompt: String { get }
}

extension ModelSample: PromptedSample {}

extension Evaluation {
    /// Runs the evaluation: loads the dataset, produces a subject for every
    /// sample and runs every evaluator on it, with at most `concurrency`
    /// samples in flight, then computes the aggregates.
    ///
    /// Results keep dataset order whatever order samples finish in. A sample
    /// whose subject or evaluator throws keeps its row and is counted in
    /// ``EvaluationResult/errors``; it is not dropped.
    ///
    /// - Parameters:
    ///   - info: information recorded with the run.
    ///   - concurrency: the most samples processed at once (at least 1).
    ///   - progress: called after each sample finishes.
    /// - Throws: only when the dataset cannot be loaded.
    public func run(
        info: [String: String] = [:],
        concurrency: Int = 4,
        progress: (@Sendable (EvaluationProgress) -> Void)? = nil
    ) async throws -> EvaluationResult {
        let started = Date()
        let loaded = try await dataset.load()
        let samples = loaded.samples
        let evaluators = self.evaluators
        let labels = evaluators.enumerated().map { "#\($0.offset + 1) \($0.element.name)" }
        let counter = Mutex((completed: 0, failed: 0))
        let limit = max(1, concurrency)

        var outcomes = [SampleOutcome?](repeating: nil, count: samples.count)
        await withTaskGroup(of: SampleOutcome.self) { group in
            var next = 0
            func launch() {
                let index = next
                let sample = samples[index]
                next += 1
                group.addTask {
                    await self.outcome(of: sample, at: index, evaluators: evaluators, labels: labels)
                }
            }
            while next < min(limit, samples.count) { launch() }
            for await outcome in group {
                outcomes[outcome.index] = outcome
                let failed = outcome.inferenceError != nil || !outcome.evaluatorErrors.isEmpty
                let snapshot = counter.withLock { state in
                    state.completed += 1
                    if failed { state.failed += 1 }
                    return state
                }
                progress?(EvaluationProgress(completed: snapshot.completed, total: samples.count, failed: snapshot.failed))
                if next < samples.count { launch() }
            }
        }
        let finished = outcomes.compactMap { $0 }

        var errors = ErrorSummary()
        errors.skippedRows = loaded.skipped
        for o in finished {
            if o.inferenceError != nil { errors.inferenceFailures += 1 }
            for failure in o.evaluatorErrors {
                errors.evaluatorFailures += 1
                errors.failedEvaluators[failure.evaluator, default: 0] += 1
            }
        }
        errors.metricNameConflicts = Self.conflicts(in: finished)

        var aggregator = MetricsAggregator()
        aggregateMetrics(using: &aggregator)
        let aggregates = Self.computeAggregates(aggregator.requests, over: finished, errors: &errors)

        return EvaluationResult(
            name: name, info: info, startedAt: started, endedAt: Date(),
            samples: finished, aggregates: aggregates, errors: errors
        )
    }

    private func outcome(
        of sample: Sample, at index: Int, evaluators: Evaluators, labels: [String]
    ) async -> SampleOutcome {
        let prompt = (sample as? any PromptedSample)?.prompt
        let expected = sample.expected.flatMap(Self.json)
        let subject: Subject
        do {
            subject = try await self.subject(from: sample)
        } catch {
            return SampleOutcome(
                index: index, prompt: prompt, expected: expected, response: nil, metrics: [],
                inferenceError: String(describing: error), evaluatorErrors: []
            )
        }
        var metrics: [RecordedMetric] = []
        var failures: [EvaluatorFailure] = []
        for (evaluator, label) in zip(evaluators, labels) {
            do {
                for m in try await evaluator.metrics(subject: subject, input: sample) {
                    metrics.append(RecordedMetric(name: m.name, value: m.value, rationale: m.rationale, evaluator: label))
                }
            } catch {
                failures.append(EvaluatorFailure(evaluator: label, message: String(describing: error)))
            }
        }
        let value = subject.value
        let response = (value as? any Encodable).flatMap(Self.json) ?? String(describing: value)
        return SampleOutcome(
            index: index, prompt: prompt, expected: expected, response: response, metrics: metrics,
            inferenceError: nil, evaluatorErrors: failures
        )
    }

    private static func json(_ value: any Encodable) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    private static func conflicts(in outcomes: [SampleOutcome]) -> [MetricNameConflict] {
        var emitters: [String: [String]] = [:]
        var order: [String] = []
        for o in outcomes {
            for m in o.metrics {
                if emitters[m.name] == nil { order.append(m.name) }
                if !emitters[m.name, default: []].contains(m.evaluator) {
                    emitters[m.name, default: []].append(m.evaluator)
                }
            }
        }
        return order.compactMap { name in
            let who = emitters[name] ?? []
            return who.count > 1 ? MetricNameConflict(metric: name, evaluators: who) : nil
        }
    }

    static func computeAggregates(
        _ requests: [MetricsAggregator.Request], over outcomes: [SampleOutcome], errors: inout ErrorSummary
    ) -> [AggregateRecord] {
        let conflicted = Set(errors.metricNameConflicts.map(\.metric))
        var recorded = Set<String>()
        for o in outcomes { for m in o.metrics { recorded.insert(m.name) } }

        return requests.map { request in
            let name = request.metricName
            func record(_ e: Estimate) -> AggregateRecord {
                AggregateRecord(
                    groups: request.groups, operation: request.operation, metric: name,
                    value: e.value, n: e.n, reason: e.undefinedReason?.message
                )
            }
            if conflicted.contains(name) {
                let who = errors.metricNameConflicts.first { $0.metric == name }?.evaluators.joined(separator: ", ") ?? ""
                return record(
                    Estimate(
                        undefined: UndefinedReason(
                            code: "metric-conflict", message: "metric \"\(name)\" is emitted by several evaluators (\(who)); rename one"),
                        n: 0))
            }
            if !recorded.contains(name) {
                if !errors.metricsNotFound.contains(name) { errors.metricsNotFound.append(name) }
                return record(
                    Estimate(
                        undefined: UndefinedReason(code: "metric-not-found", message: "no sample recorded metric \"\(name)\""),
                        n: 0))
            }
            let column: [Double?] = outcomes.map { $0.metric(name)?.doubleValue }
            let values = column.compactMap { $0 }
            if let custom = request.custom {
                do {
                    return record(try custom(column))
                } catch {
                    return record(
                        Estimate(
                            undefined: UndefinedReason(code: "custom-failed", message: "the custom aggregation threw: \(error)"),
                            n: values.count))
                }
            }
            if values.isEmpty {
                return record(
                    Estimate(
                        undefined: .noData("every sample ignored or failed metric \"\(name)\"; there is nothing to aggregate"),
                        n: 0))
            }
            switch request.operation {
            case .mean: return record(Spread.mean(values))
            case .median: return record(Spread.median(values))
            case .mode: return record(Spread.mode(values))
            case .minimum: return record(Spread.minimum(values))
            case .maximum: return record(Spread.maximum(values))
            case .standardDeviation: return record(Spread.standardDeviation(values))
            case .variance: return record(Spread.variance(values))
            case .custom: return record(Estimate(undefined: .noData("custom aggregation without a body"), n: 0))
            }
        }
    }
}
