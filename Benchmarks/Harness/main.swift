// The Swift side of Specsmith's benchmarks: a mock server to load with wrk, the client-overhead
// comparison, and the crypto throughput figures. Benchmarks/run-runtime.sh drives it in a release
// build and sets each figure beside a baseline measured in the same run.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "serve":
    try await serve(port: UInt16(arguments.dropFirst().first ?? "0") ?? 0)
case "client":
    guard arguments.count >= 2, let url = URL(string: arguments[1]) else {
        print("usage: specsmith-benchmarks client <url> [requests]")
        exit(64)
    }
    await measureClient(url: url, requests: Int(arguments.dropFirst(2).first ?? "") ?? 3000)
case "crypto":
    try measureCrypto(seconds: Double(arguments.dropFirst().first ?? "") ?? 3)
case "parser":
    try measureParser()
default:
    print("usage: specsmith-benchmarks serve [port] | client <url> [requests] | crypto [seconds] | parser")
    exit(64)
}
