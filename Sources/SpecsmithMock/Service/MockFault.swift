import Foundation
@_spi(Generated) import SpecsmithRuntime

/// A fault injected into one operation (or every one): latency, a forced error, or a broken answer.
/// Set in process with ``MockService/inject(_:)`` or over HTTP with `POST /__mock/faults`.
public struct MockFault: Codable, Sendable, Equatable {
    /// What happens instead of (or before) the normal answer.
    public enum Kind: String, Codable, Sendable {
        /// Only the latency; the answer itself is normal.
        case latency
        /// An error answer with `status`, and `code` or else the error the spec declares for the status.
        case error
        /// The connection is reset instead of answered.
        case reset
        /// The answer's body is cut in half and the connection closed.
        case truncate
        /// The answer's body is not JSON.
        case malformedJSON
        /// The request is handled, then the connection is reset instead of answered: the answer is
        /// lost after the work was done, as when a network drops mid-response.
        case lostAnswer
    }

    /// The operation it applies to (such as `checkStatus`); `nil` for every operation.
    public var operation: String?
    /// What the fault does.
    public var kind: Kind
    /// Added before answering.
    public var latencyMilliseconds: Int?
    /// A random extra latency up to this many milliseconds.
    public var jitterMilliseconds: Int?
    /// For `.error`: the HTTP status and envelope code.
    public var status: Int?
    /// For `.error`: the error code; without it, the error the spec declares for `status`.
    public var code: ErrorCodeValue?
    /// For `.error`: the envelope's message.
    public var message: String?
    /// The whole error body to answer with, such as a typed payload the spec's error `body` type
    /// describes; without it, an `error` fault's body is the spec's error shape filled with its
    /// status, code and message.
    public var body: JSONValue?
    /// How many requests it applies to; `nil` until the faults are cleared.
    public var times: Int?

    /// A fault; only the fields its `kind` uses matter.
    public init(
        operation: String? = nil, kind: Kind, latencyMilliseconds: Int? = nil, jitterMilliseconds: Int? = nil,
        status: Int? = nil, code: ErrorCodeValue? = nil, message: String? = nil, body: JSONValue? = nil,
        times: Int? = nil
    ) {
        self.body = body
        self.operation = operation
        self.kind = kind
        self.latencyMilliseconds = latencyMilliseconds
        self.jitterMilliseconds = jitterMilliseconds
        self.status = status
        self.code = code
        self.message = message
        self.times = times
    }

    /// A forced error answer.
    public static func error(_ failure: MockFailure, operation: String? = nil, times: Int? = nil) -> MockFault {
        MockFault(
            operation: operation, kind: .error, status: failure.status, code: failure.code, message: failure.message,
            body: failure.body.flatMap { try? WireCoding.decoder().decode(JSONValue.self, from: $0) }, times: times)
    }

    /// Why a fault cannot be used, or `nil` when it can.
    var problem: String? {
        if kind == .error, status == nil { return "an error fault needs a status" }
        if let status, !(100...599).contains(status) { return "status must be an HTTP status" }
        if (latencyMilliseconds ?? 0) < 0 || (jitterMilliseconds ?? 0) < 0 { return "latency cannot be negative" }
        if (latencyMilliseconds ?? 0) > 60_000 || (jitterMilliseconds ?? 0) > 60_000 {
            return "latency is capped at 60 s"
        }
        if let times, times < 1 { return "times must be at least 1" }
        // Faults are kept until cleared, so their text is bounded like the journal's.
        if (message?.utf8.count ?? 0) > 1024 { return "message is capped at 1,024 bytes" }
        if (operation?.utf8.count ?? 0) > 256 { return "operation is capped at 256 bytes" }
        return nil
    }
}
