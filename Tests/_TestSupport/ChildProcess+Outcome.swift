public import Foundation

extension ChildProcess {
    /// How a child ended.
    public enum Termination: Sendable, Hashable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal (such as `SIGKILL`) ended it.
        case signalled(Int32)

        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// What a finished child wrote, and how it ended.
    public struct Outcome: Sendable {
        /// How the child ended.
        public var termination: Termination
        /// Everything it wrote to standard output.
        public var standardOutput: Data
        /// Everything it wrote to standard error.
        public var standardError: Data

        /// The exit status, or 128 + the signal's number when a signal ended the child (as a shell reports it).
        public var status: Int32 {
            switch termination {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            }
        }

        /// Standard output as UTF-8 text (invalid bytes replaced).
        public var output: String { String(decoding: standardOutput, as: UTF8.self) }

        /// Standard error as UTF-8 text (invalid bytes replaced).
        public var error: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// The child, or its output, outlived its timeout; the child was killed.
    ///
    /// Its description names the command and ends with the last of what the
    /// child wrote to standard error, so the test's failure says where it stuck.
    public struct TimedOut: Error, CustomStringConvertible {
        /// The command line.
        public var command: String
        /// The timeout that passed.
        public var timeout: Duration
        /// What the child wrote before it was killed, and how it ended.
        public var outcome: Outcome

        public var description: String {
            let tail = String(outcome.error.suffix(2000))
            return "\(command) was killed after \(timeout) (\(outcome.termination)); its standard error ends:\n\(tail)"
        }
    }
}
