public import Foundation

/// A child process a test runs: the program, its arguments, environment,
/// folder, standard input and the longest it may take.
///
/// Standard output and standard error are read on two threads of their own
/// while the child runs, so a child that fills one pipe (64 KiB on Linux)
/// while the test waits on the other, or on its exit, cannot hang the test.
/// The child is killed (SIGKILL) once ``timeout`` has passed; ``run()`` then
/// throws ``TimedOut`` with what the child had written.
///
/// ```swift
/// let outcome = try ChildProcess(command: "sha256sum", standardInput: Data("abc".utf8)).run()
/// #expect(outcome.status == 0)
/// ```
public struct ChildProcess: Sendable {
    /// The program to run.
    public var executable: URL
    /// Its arguments, without the program's name.
    public var arguments: [String]
    /// Variables added to the environment (and overriding those inherited).
    public var environment: [String: String]
    /// Whether the child starts from this process's environment (`true`) or
    /// from ``environment`` alone (`false`, for tests that must not see the
    /// developer's settings).
    public var inheritsEnvironment: Bool
    /// The folder the child starts in; `nil` for this process's.
    public var workingDirectory: URL?
    /// Bytes written to the child's standard input, which is then closed;
    /// `nil` gives the child `/dev/null`.
    public var standardInput: Data?
    /// How long the child may run, and its output stay open, before it is killed.
    public var timeout: Duration

    /// A child running `executable`.
    ///
    /// - Parameters:
    ///   - executable: The program's file.
    ///   - arguments: Its arguments.
    ///   - environment: Variables added to (or, with `inheritsEnvironment` false, making up) its environment.
    ///   - inheritsEnvironment: Whether it starts from this process's environment.
    ///   - workingDirectory: The folder it starts in; `nil` for this process's.
    ///   - standardInput: What it reads on standard input; `nil` for `/dev/null`.
    ///   - timeout: How long it may run before it is killed.
    public init(
        executable: URL,
        arguments: [String] = [],
        environment: [String: String] = [:],
        inheritsEnvironment: Bool = true,
        workingDirectory: URL? = nil,
        standardInput: Data? = nil,
        timeout: Duration = .seconds(600)
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.inheritsEnvironment = inheritsEnvironment
        self.workingDirectory = workingDirectory
        self.standardInput = standardInput
        self.timeout = timeout
    }

    /// A child running the program called `command`, found on `PATH` by `/usr/bin/env`.
    ///
    /// - Parameters:
    ///   - command: The program's name, such as `python3`.
    ///   - arguments: Its arguments.
    ///   - environment: Variables added to its environment.
    ///   - workingDirectory: The folder it starts in; `nil` for this process's.
    ///   - standardInput: What it reads on standard input; `nil` for `/dev/null`.
    ///   - timeout: How long it may run before it is killed.
    public init(
        command: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        workingDirectory: URL? = nil,
        standardInput: Data? = nil,
        timeout: Duration = .seconds(600)
    ) {
        self.init(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: [command] + arguments,
            environment: environment,
            workingDirectory: workingDirectory,
            standardInput: standardInput,
            timeout: timeout)
    }

    /// Runs the child to its end and returns what it wrote and how it ended.
    ///
    /// - Throws: the error `Process.run()` throws when the program cannot be
    ///   started; ``TimedOut`` when the child or its output outlived ``timeout``.
    public func run() throws -> Outcome {
        try start().wait()
    }

    /// Starts the child and returns at once, its output being collected, for
    /// tests that watch it, signal it or kill it part way.
    ///
    /// - Throws: the error `Process.run()` throws when the program cannot be started.
    public func start() throws -> Running {
        try Running(self)
    }

    /// The command line, for messages.
    var commandLine: String {
        ([executable.path] + arguments).joined(separator: " ")
    }
}
