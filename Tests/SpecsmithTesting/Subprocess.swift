import Foundation
import SpecsmithRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// A child process for tests, started with `posix_spawn` instead of Foundation's `Process`.
///
/// swift-corelibs-foundation's `Process.run()` crashed inside `memmove` in three test runs on this
/// machine, even with every launch serialised, while other threads of the run worked with files.
/// Spawning directly leaves nothing shared: the pipes are made close-on-exec, so a child inherits
/// only its own three, and no other test's child can keep a pipe of ours open.
public final class Subprocess: @unchecked Sendable {
    // @unchecked: `pid` and the three handles never change; `status` is guarded by `state`.
    public let pid: pid_t
    /// The write end of the child's standard input, when one was asked for.
    public let input: FileHandle?
    /// The read end of the child's standard output.
    public let output: FileHandle
    /// The read end of the child's standard error, when it is captured (otherwise it is ours).
    public let errors: FileHandle?
    private let state = NSLock()
    private var status: Int32?

    /// What the child ended with.
    public enum Termination: Equatable, Sendable {
        case exit(Int32)
        case signal(Int32)
    }

    /// Starts `executable` (a path; `/usr/bin/env` finds a program on `PATH`) with `arguments`.
    /// - Parameters:
    ///   - environment: The child's whole environment; this process's when `nil`.
    ///   - withInput: Whether the child reads a pipe this process writes (otherwise `/dev/null`).
    ///   - capturingErrors: Whether standard error is a pipe (otherwise it is this process's).
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, withInput: Bool = false,
        capturingErrors: Bool = true
    ) throws {
        // Every end made here is closed when this returns or throws, but those the parent keeps.
        var toClose: [Int32] = []
        defer { for end in toClose { close(end) } }
        func makePipe() throws -> (read: Int32, write: Int32) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
            // Close-on-exec at once: only the child's own dup2 copies cross into it.
            for end in ends { _ = fcntl(end, F_SETFD, fcntl(end, F_GETFD) | FD_CLOEXEC) }
            toClose += ends
            return (ends[0], ends[1])
        }
        let stdinPipe = withInput ? try makePipe() : nil
        let stdoutPipe = try makePipe()
        let stderrPipe = capturingErrors ? try makePipe() : nil

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdinPipe {
            posix_spawn_file_actions_adddup2(&actions, stdinPipe.read, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe.write, 1)
        if let stderrPipe { posix_spawn_file_actions_adddup2(&actions, stderrPipe.write, 2) }

        // Signals a test run ignores (SIGPIPE) are not ignored by the child.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let environmentLines = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var child: pid_t = 0
        let result = Self.withCStrings([executable] + arguments) { argv in
            Self.withCStrings(environmentLines) { envp in
                posix_spawn(&child, executable, &actions, &attributes, argv, envp)
            }
        }
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .ENOENT) }
        pid = child
        func keep(_ descriptor: Int32) -> FileHandle {
            toClose.removeAll { $0 == descriptor }
            return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
        input = stdinPipe.map { keep($0.write) }
        output = keep(stdoutPipe.read)
        errors = stderrPipe.map { keep($0.read) }
    }

    deinit {
        // A child nobody waited for is reaped, so it does not linger as a zombie.
        if state.withLock({ status == nil }) {
            kill(pid, SIGKILL)
            _ = waitUntilExit()
        }
    }

    /// Asks the child to stop (SIGTERM).
    public func terminate() {
        if state.withLock({ status == nil }) { kill(pid, SIGTERM) }
    }

    /// Whether the child has not ended yet.
    public var isRunning: Bool {
        state.withLock {
            if status != nil { return false }
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid { status = raw }
            return status == nil
        }
    }

    /// Blocks until the child ends; call it off Swift's cooperative threads (``blocking(_:)``).
    @discardableResult
    public func waitUntilExit() -> Termination {
        if let known = state.withLock({ status }) { return Self.termination(known) }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) == -1, errno == EINTR {}
        state.withLock { status = status ?? raw }
        return Self.termination(state.withLock { status ?? raw })
    }

    /// The exit status, or 128 plus the signal number, as a shell reports it.
    public var terminationStatus: Int32 {
        switch waitUntilExit() {
        case let .exit(code): code
        case let .signal(number): 128 + number
        }
    }

    private static func termination(_ raw: Int32) -> Termination {
        raw & 0x7F == 0 ? .exit((raw >> 8) & 0xFF) : .signal(raw & 0x7F)
    }

    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
        let copies = strings.map { strdup($0) } + [nil]
        defer { for copy in copies { free(copy) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

extension Subprocess {
    /// What a finished child printed and its status.
    public struct Run: Sendable {
        public var status: Int32
        public var output: Data
        public var errors: Data
    }

    /// Runs a program to its end, writing `input` to it, and reads its output and errors together
    /// (one after the other could stall a child whose error pipe fills first). Blocks: call it off
    /// Swift's cooperative threads.
    public static func run(
        _ executable: String, _ arguments: [String], input: Data? = nil, environment: [String: String]? = nil,
        directory: URL? = nil
    ) throws -> Run {
        // coreutils' env changes directory in the child, so this process's never moves.
        let (program, all) =
            directory.map { ("/usr/bin/env", ["-C", $0.path, executable] + arguments) } ?? (executable, arguments)
        let child = try Subprocess(program, all, environment: environment, withInput: input != nil)
        let errorBytes = Locked(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        Thread {
            errorBytes.withLock { $0 = child.errors?.readDataToEndOfFile() ?? Data() }
            errorsRead.signal()
        }.start()
        if let input, let handle = child.input {
            handle.write(input)
            try handle.close()
        }
        let output = child.output.readDataToEndOfFile()
        errorsRead.wait()
        let status = child.terminationStatus
        return Run(status: status, output: output, errors: errorBytes.withLock { $0 })
    }
}
