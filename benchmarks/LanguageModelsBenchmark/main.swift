// Benchmarks of the LanguageModels module, and the tool the recorded-replies
// file is made with. Run `swift run --package-path benchmarks -c release
// LanguageModelsBenchmark <command>`; `benchmarks/README.md` has the figures.
//
//   client [--requests N] [--concurrency C]      our client vs plain curl on a fast local endpoint
//   cache [--calls N]                            replaying N cached calls
//   judge [--requests N]                         throughput against the local judge at concurrency 1, 2, 4
//   endpoints [--seconds S] [--delay-a MS --limit-a N …]
//                                                three loopback endpoints: throughput together vs alone; kill and restart
//   record --out FILE                            record the replies the tests replay, from the local judge
import Foundation
import LanguageModels

let arguments = Array(CommandLine.arguments.dropFirst())
let options = Options(arguments.dropFirst())
do {
    switch arguments.first {
    case "client": try await ClientOverhead.run(options)
    case "cache": try await CachedReplay.run(options)
    case "judge": try await JudgeThroughput.run(options)
    case "record": try await RecordReplies.run(options)
    case "endpoints": try await EndpointScaling.run(options)
    default:
        FileHandle.standardError.write(
            Data("usage: LanguageModelsBenchmark client|cache|judge|record|endpoints [--option value]…\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("LanguageModelsBenchmark: \(error)\n".utf8))
    exit(1)
}
