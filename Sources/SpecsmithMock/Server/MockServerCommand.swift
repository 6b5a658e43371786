import Dispatch
import Foundation
import SpecsmithRuntime

/// What a standalone mock executable does: read `--port N`, `--host H` and `--admin-token T`, serve
/// on loopback, print the base URL, and stop gracefully (requests in flight finish) on SIGINT or
/// SIGTERM, or, with `--stop-when-stdin-closes`, when its standard input reaches its end: a parent
/// that holds the other end of a pipe then takes the mock with it however it ends, even by crashing.
public enum MockServerCommand {
    /// Runs until interrupted and returns the process's exit status.
    /// - Parameters:
    ///   - name: The executable's name, for its usage and error lines.
    ///   - arguments: The command-line arguments after the executable's name.
    ///   - makeService: Builds the service once the base URL is known (a simulator may need
    ///     it, for pages such as 3-D Secure that point back at the mock).
    public static func run(
        name: String, arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        makeService: @escaping @Sendable (URL) async throws -> MockService
    ) async -> Int32 {
        var configuration = MockHTTPServer.Configuration()
        var stopsWithInput = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch argument {
            case "--port":
                guard let value, let port = UInt16(value) else {
                    return usage(name, "--port needs a number from 0 to 65535")
                }
                configuration.port = port
                index += 2
            case "--host":
                guard let value, value == "127.0.0.1" || value == "::1" else {
                    return usage(name, "--host must be 127.0.0.1 or ::1: a mock serves loopback only")
                }
                configuration.host = value
                index += 2
            case "--admin-token":
                guard let value, !value.isEmpty else { return usage(name, "--admin-token needs a value") }
                configuration.adminToken = value
                index += 2
            case "--stop-when-stdin-closes":
                stopsWithInput = true
                index += 1
            case "--help", "-h":
                print(
                    "USAGE: \(name) \(usageLine)\n\nServes the mock on loopback until SIGINT or SIGTERM"
                        + " (or, with --stop-when-stdin-closes, until standard input closes).")
                return 0
            default:
                return usage(name, "unknown argument \(argument)")
            }
        }
        let server: MockHTTPServer
        do {
            (server, _, _) = try await MockHTTPServer.serving(configuration) { url in (try await makeService(url), ()) }
        } catch {
            FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
            return 1
        }
        FileHandle.standardOutput.write(Data("\(name) listening on \(server.baseURL.absoluteString)\n".utf8))
        await waitForTermination(orEndOfInput: stopsWithInput)
        FileHandle.standardOutput.write(Data("\(name) stopping\n".utf8))
        await server.stop()
        return 0
    }

    private static let usageLine =
        "[--port N] [--host 127.0.0.1|::1] [--admin-token TOKEN] [--stop-when-stdin-closes]"

    private static func usage(_ name: String, _ message: String) -> Int32 {
        FileHandle.standardError.write(
            Data("\(name): \(message)\nUSAGE: \(name) \(usageLine)\n".utf8))
        return 64
    }

    /// Suspends until SIGINT or SIGTERM arrives, or, when asked, standard input ends.
    private static func waitForTermination(orEndOfInput watchesInput: Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = Locked(false)
            if watchesInput {
                // A thread of its own: reading blocks, and the cooperative threads serve requests.
                Thread {
                    while (try? FileHandle.standardInput.read(upToCount: 4096))?.isEmpty == false {}
                    if once.withLock({ resumed in
                        defer { resumed = true }
                        return !resumed
                    }) {
                        continuation.resume()
                    }
                }.start()
            }
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    guard
                        once.withLock({ resumed in
                            defer { resumed = true }
                            return !resumed
                        })
                    else { return }
                    continuation.resume()
                }
                source.resume()
                sources.withLock { $0.append(SignalSource(source: source)) }
            }
        }
    }

    /// Signal sources must outlive the wait.
    private static let sources = Locked<[SignalSource]>([])

    private struct SignalSource: @unchecked Sendable {
        // @unchecked: a dispatch source is thread-safe; it is only kept alive here.
        let source: any DispatchSourceSignal
    }
}
