import Foundation

/// What an answer says went wrong, read once by the service's envelope: the one place the runtime
/// decides whether an answer is an error, and which. The client's decoding throws it as a failure,
/// and its retry rules ask it for the error's catalogue key, so the two never read a body apart.
package enum ErrorAnswer: Sendable, Hashable {
    /// An error body with the service's code, and its message (`""` when it has none).
    case coded(ErrorCodeValue, message: String)
    /// An error status whose JSON body has no code: the status tells the error, the body its
    /// message (the envelope's message member, else RFC 9457's `detail` or `title`).
    case codeless(status: Int, message: String)
    /// An error status whose body is no JSON object, such as a proxy's HTML page.
    case bare(status: Int)

    /// The error `response` is, or `nil` for a success: any status outside 2xx, and a 2xx whose
    /// body carries the envelope's error marker (envelopes like `"result": "fail"`).
    package static func read(_ response: TransportResponse, envelope: WireEnvelope) -> ErrorAnswer? {
        let decoder = WireCoding.decoder(userInfo: [.specsmithEnvelope: envelope])
        let error = try? decoder.decode(EnvelopedError.self, from: response.body)
        let isSuccess = (200..<300).contains(response.status)
        if isSuccess, envelope.errorMarker == nil || error == nil { return nil }
        if let code = error?.code { return .coded(code, message: error?.message ?? "") }
        if let message = EnvelopedError.codelessMessage(in: response.body, envelope: envelope) {
            return .codeless(status: response.status, message: message)
        }
        return .bare(status: response.status)
    }

    /// The catalogue key its failure is first looked up by: the code, else the status of a JSON
    /// error body without one; `nil` for a body that is no JSON object.
    package var key: ErrorCodeValue? {
        switch self {
        case let .coded(code, _): code
        case let .codeless(status, _): .number(status)
        case .bare: nil
        }
    }

    /// The failure it is.
    package var reason: ClientFailure.Reason {
        switch self {
        case let .coded(code, message): .server(code: code, message: message)
        case let .codeless(status, message): .rejected(status: status, message: message)
        case let .bare(status): .status(status)
        }
    }
}
