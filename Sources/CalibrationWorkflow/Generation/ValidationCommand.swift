internal import DataFormats
internal import Foundation
public import SampleGeneration

/// A user's program as a validator: run once per generated row with the row's JSON on standard
/// input (`{"input": …, "response": …}`, keys sorted); exit status 0 keeps the row, any other
/// rejects it with the program's first non-empty line of output (standard output, then standard
/// error) as the reason, or `exit status N` when it printed nothing.
///
/// The command runs through `/bin/sh -c`, so it may carry arguments. Each run waits on a thread of
/// its own, not on the cooperative pool.
public struct ValidationCommand: Sendable {
    /// The command line.
    public let command: String

    /// A validator running `command`.
    public init(_ command: String) { self.command = command }

    /// What the program says of `row`; a program that cannot be started rejects with the reason.
    public func validate(_ row: GeneratedRow) async -> SampleValidation {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let input = (try? encoder.encode(row)) ?? Data()
        let command = command
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Self.run(command, input: input)) }
        }
    }

    private static func run(_ command: String, input: Data) -> SampleValidation {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        (process.standardInput, process.standardOutput, process.standardError) = (stdin, stdout, stderr)
        do { try process.run() } catch { return .invalid("the validator \(command) could not start: \(error)") }
        let errors = Mutexed<Data>()
        let reader = Thread { errors.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        try? stdin.fileHandleForWriting.write(contentsOf: input)
        try? stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus != 0 else { return .valid }
        let said = [output, errors.waitForValue()].lazy.compactMap { data in
            String(decoding: data, as: UTF8.self).split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) }
        }.first
        return .invalid(said.map { String($0).trimmingCharacters(in: .whitespaces) } ?? "exit status \(process.terminationStatus)")
    }
}

/// One value handed from a reader thread to the waiting one.
private final class Mutexed<Value: Sendable>: @unchecked Sendable {
    // `@unchecked`: `value` is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var value: Value?

    func set(_ new: Value) {
        condition.lock()
        value = new
        condition.broadcast()
        condition.unlock()
    }

    func waitForValue() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }
}
