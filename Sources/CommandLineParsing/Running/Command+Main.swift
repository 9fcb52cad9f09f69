import Foundation

extension Command {
    /// Parses `arguments` (without the program name), runs the chosen command
    /// and returns its exit code, writing help, version, results and errors
    /// through `console`.
    ///
    /// - `--help`/`-h` prints the help on standard output: ``ExitCode/success``.
    /// - `--version` prints the version on standard output: ``ExitCode/success``.
    /// - A ``UsageError`` prints `error: …` and the usage line on standard
    ///   error: ``ExitCode/usage``.
    /// - A ``CommandFailure`` prints `error: …`: its own exit code.
    /// - Any other error prints `error: …`, in the words the root's
    ///   ``errorMessage`` gives it or else its description, and exits with the
    ///   code the root's ``exitCode`` classification gives it, or
    ///   ``ExitCode/failure`` when it gives none (or the root declares none).
    public func execute(_ arguments: [String], console: Console) async -> ExitCode {
        do {
            switch try parse(arguments) {
            case .help(let path):
                console.writeOutput(Command.helpText(path: path))
                return .success
            case .version(let version):
                console.print(version)
                return .success
            case .run(let path, let parsed):
                guard let run = path.last?.run else { return .failure }
                do {
                    return try await run(parsed, console)
                } catch let error as UsageError {
                    throw UsageError(error.message, commandPath: path.map(\.name))
                }
            }
        } catch let error as UsageError {
            console.printError(error.message)
            let path = resolve(error.commandPath)
            console.writeError("usage: " + Command.wrap(Command.usageLine(path: path), width: 73, indent: 7) + "\n")
            console.writeError("See '\(error.commandPath.joined(separator: " ")) \(Flag.help.spelling)' for more.\n")
            return .usage
        } catch let failure as CommandFailure {
            console.printError(failure.message)
            return failure.exitCode
        } catch {
            console.printError(errorMessage?(error) ?? String(describing: error))
            return exitCode?(error) ?? .failure
        }
    }

    /// Runs the tool with the process's arguments and standard streams, and exits: with
    /// ``ExitCode/ioError`` and an error naming the system's reason when some of standard output
    /// could not be written (``StandardStream``), whatever the command returned.
    public func main() async -> Never {
        let console = Console.standard()
        let code = await execute(Array(CommandLine.arguments.dropFirst()), console: console)
        if let reason = StandardStream.output.failure {
            console.printError("standard output could not be written (\(reason)); the results are incomplete")
            exit(ExitCode.ioError.rawValue)
        }
        exit(code.rawValue)
    }

    /// The commands named by `names`, from this root.
    private func resolve(_ names: [String]) -> [Command] {
        var path = [self]
        for name in names.dropFirst() {
            guard let sub = path[path.count - 1].subcommand(named: name) else { break }
            path.append(sub)
        }
        return path
    }
}
