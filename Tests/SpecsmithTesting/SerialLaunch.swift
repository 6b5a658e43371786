import Foundation
import SpecsmithRuntime

/// One launch at a time: swift-corelibs-foundation's `Process.run()` is not safe to call from
/// several threads at once (a CI run crashed inside it, in `memmove`, while two suites started an
/// `openssl` and a `python3` together). Only the launch is serialised; the processes then run in
/// parallel.
private let launching = Locked(())

extension Process {
    /// Starts the process like `run()`, never at the same time as another test's launch.
    public func runSerially() throws {
        try launching.withLock { _ in try run() }
    }
}
