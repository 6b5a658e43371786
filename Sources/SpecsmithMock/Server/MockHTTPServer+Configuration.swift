import Foundation

extension MockHTTPServer {
    /// Limits and address.
    public struct Configuration: Sendable {
        /// `127.0.0.1` or `::1`; the server never binds anything but loopback.
        public var host: String
        /// 0 asks the kernel for a free port; ``MockHTTPServer/port`` reports it.
        public var port: UInt16
        /// The most bytes of request line and headers (and of a chunked body's trailers); past it, 431.
        public var maxHeaderBytes: Int
        /// The most bytes of a body as sent (chunk framing included); past it, 413.
        public var maxBodyBytes: Int
        /// How long, in seconds, a kept-alive connection may wait for its next request.
        public var idleTimeout: TimeInterval
        /// How long, in seconds, a started request may take to arrive in full.
        public var readTimeout: TimeInterval
        /// The most connections served at once; past it, a new connection gets 503 and is closed.
        public var maxConnections: Int
        /// How long, in seconds, `stop()` lets requests in flight finish before closing them.
        public var drainTimeout: TimeInterval
        /// When set, `/__mock/*` requests must carry it as `Authorization: Bearer <token>` or
        /// `X-Mock-Admin-Token: <token>`.
        public var adminToken: String?
        /// The priority of the tasks that accept and serve connections, `.high` by default. Where
        /// the tasks run on the event loops (Linux, macOS 15, iOS 18), it orders only work they hand
        /// to the shared pool; elsewhere it lets a mock inside a test process answer ahead of the
        /// tests, which run at `.medium`: at one priority, a connection's task, woken when its bytes
        /// arrive, would queue behind every test already waiting for a thread.
        public var taskPriority: TaskPriority
        /// How many event-loop threads serve connections, each polling its share of them and
        /// running their tasks, so that an answer needs no thread of the shared pool.
        ///
        /// ``defaultEventLoops`` by default: four per processor, at least four and at most eight.
        /// A mock shares its machine with the clients that test it, and the scheduler shares the
        /// processors by thread: with one loop per processor the clients' threads preempted the
        /// loops after nearly every answer they woke them with. An idle loop sleeps in `poll()`.
        public var eventLoops: Int

        /// Four event loops per processor, at least four and at most eight (the measurements
        /// behind it are in Benchmarks/RESULTS.md).
        public static var defaultEventLoops: Int {
            min(8, max(4, 4 * ProcessInfo.processInfo.activeProcessorCount))
        }

        /// Every limit has a default that suits a test suite; see each property.
        public init(
            host: String = "127.0.0.1", port: UInt16 = 0, maxHeaderBytes: Int = 16 * 1024,
            maxBodyBytes: Int = 1024 * 1024, idleTimeout: TimeInterval = 30, readTimeout: TimeInterval = 10,
            maxConnections: Int = 512, drainTimeout: TimeInterval = 5, adminToken: String? = nil,
            taskPriority: TaskPriority = .high,
            eventLoops: Int = Configuration.defaultEventLoops
        ) {
            self.host = host
            self.port = port
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
            self.idleTimeout = idleTimeout
            self.readTimeout = readTimeout
            self.maxConnections = maxConnections
            self.drainTimeout = drainTimeout
            self.adminToken = adminToken
            self.taskPriority = taskPriority
            self.eventLoops = eventLoops
        }
    }
}
