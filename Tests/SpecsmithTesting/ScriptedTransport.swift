import Foundation
import SpecsmithRuntime

/// A transport double at the edge the tests cannot reach in this target (a server): answers from a
/// script and records every request, so tests can read what the client put on the wire.
public final class ScriptedTransport: HTTPTransport {
    private let state = Locked<(answers: [Result<TransportResponse, TransportFailure>], requests: [TransportRequest])>(
        ([], []))

    public init(_ answers: [Result<TransportResponse, TransportFailure>] = []) {
        state.withLock { $0.answers = answers }
    }

    /// Queues a 200 answer with a JSON body.
    public func answer(_ json: String) {
        answer(200, json)
    }

    /// Queues an answer with `status` and a body.
    public func answer(_ status: Int, _ json: String) {
        state.withLock { $0.answers.append(.success(TransportResponse(status: status, body: Data(json.utf8)))) }
    }

    public func fail(_ failure: TransportFailure) {
        state.withLock { $0.answers.append(.failure(failure)) }
    }

    /// Queues whole answers, headers included.
    public func queue(_ answers: [Result<TransportResponse, TransportFailure>]) {
        state.withLock { $0.answers += answers }
    }

    public var requests: [TransportRequest] { state.withLock { $0.requests } }

    public func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        let next = state.withLock { state -> Result<TransportResponse, TransportFailure>? in
            state.requests.append(request)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        guard let next else { throw TransportFailure(.other, detail: "the script has no answer left") }
        return try next.get()
    }
}
