import Foundation
import Testing
import _TestSupport

/// The test support's subprocess helper, which every test that starts a process uses.
@Suite("ChildProcess: running a subprocess from a test")
struct ChildProcessTests {
    @Test("2 MB on standard error, then 2 MB on standard output, both arrive whole (no pipe fills up and hangs)")
    func largeOutputOnBothPipes() throws {
        let outcome = try ChildProcess(
            command: "sh",
            arguments: ["-c", #"head -c 2000000 /dev/zero | tr "\0" x >&2; head -c 2000000 /dev/zero | tr "\0" y"#],
            timeout: .seconds(60)
        ).run()
        #expect(outcome.termination == .exited(0))
        #expect(outcome.standardError.count == 2_000_000)
        #expect(outcome.standardOutput.count == 2_000_000)
        #expect(outcome.standardError.allSatisfy { $0 == UInt8(ascii: "x") })
        #expect(outcome.standardOutput.allSatisfy { $0 == UInt8(ascii: "y") })
    }

    @Test("Standard input larger than a pipe's buffer is written while the child writes it back")
    func standardInput() throws {
        let input = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        let outcome = try ChildProcess(command: "cat", standardInput: input, timeout: .seconds(60)).run()
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == input)
    }

    @Test("Arguments, added environment, working directory; an environment of its own leaves out the inherited one")
    func configuration() throws {
        let folder = try SharedData.temporaryFolder("child-process")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A variable this process has, which the shell does not set for itself.
        let own: Set<String> = ["PATH", "PWD", "OLDPWD", "IFS", "PS1", "PS2", "PS4", "OPTIND", "PPID", "JUDGECAL_CHILD_TEST"]
        let inheritedName = try #require(
            ProcessInfo.processInfo.environment.keys.sorted().first { name in
                !own.contains(name) && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
                    && name.first?.isNumber == false
            })
        let script = #"printf '%s|%s|%s|%s' "$1" "$JUDGECAL_CHILD_TEST" "$(pwd -P)" "${"# + inheritedName + #":+inherited}""#
        let inherited = try ChildProcess(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script, "sh", "one two"],
            environment: ["JUDGECAL_CHILD_TEST": "added"], workingDirectory: folder
        ).run()
        #expect(inherited.output == "one two|added|\(folder.resolvingSymlinksInPath().path)|inherited")
        #expect(inherited.error.isEmpty)
        let alone = try ChildProcess(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script, "sh", "x"],
            environment: ["JUDGECAL_CHILD_TEST": "only"], inheritsEnvironment: false, workingDirectory: folder
        ).run()
        #expect(alone.output == "x|only|\(folder.resolvingSymlinksInPath().path)|", "\(inheritedName) must not be inherited")
    }

    @Test("Exit status and signal: exit 3 is status 3; SIGTERM is signal 15, status 143")
    func termination() throws {
        let three = try ChildProcess(command: "sh", arguments: ["-c", "echo gone >&2; exit 3"]).run()
        #expect(three.termination == .exited(3))
        #expect(three.status == 3)
        #expect(three.error == "gone\n")
        let terminated = try ChildProcess(command: "sh", arguments: ["-c", "kill -TERM $$"]).run()
        #expect(terminated.termination == .signalled(SIGTERM))
        #expect(terminated.status == 128 + SIGTERM)
    }

    @Test("A child still running at its timeout is killed, and the error keeps what it wrote")
    func timeout() throws {
        let start = ContinuousClock.now
        do {
            _ = try ChildProcess(command: "sh", arguments: ["-c", "echo started >&2; exec sleep 30"], timeout: .milliseconds(500))
                .run()
            Issue.record("a 30-second sleep finished inside a 0.5-second timeout")
        } catch let error as ChildProcess.TimedOut {
            #expect(error.outcome.termination == .signalled(SIGKILL))
            #expect(error.outcome.error == "started\n")
            #expect(error.description.contains("was killed after"))
        }
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test("Started, watched until it prints a line, then killed part way")
    func watchAndKill() throws {
        let child = try ChildProcess(command: "sh", arguments: ["-c", "echo ready; exec sleep 30"], timeout: .seconds(60)).start()
        let line = child.waitForOutput(timeout: .seconds(10)) { $0.contains(UInt8(ascii: "\n")) }
        #expect(line.map { String(decoding: $0, as: UTF8.self) } == "ready\n")
        #expect(child.isRunning)
        child.signal(SIGKILL)
        let outcome = try child.wait()
        #expect(outcome.termination == .signalled(SIGKILL))
        #expect(outcome.output == "ready\n")
    }
}
