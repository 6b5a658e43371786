/// A failure as a generated `Failure` keeps it: what kind it is, the words for users, and the code
/// the service answered with.
package struct FailureClassification: Sendable, Hashable {
    /// What went wrong.
    package var kind: FailureKind
    /// The server's own message when it sent one; else the catalogue's for a known code; else the
    /// service's wording for the kind.
    package var message: String
    /// The service's error code whatever the kind: a session failure tells an expired session from
    /// an invalid one by it. `nil` when no answer carried a code.
    package var code: ErrorCodeValue?
}

extension ClientFailure {
    /// Classifies this failure and words it for users: a known error code takes its category from
    /// `catalog`; the message is the server's when it sent one, the catalogue's when it did not.
    package func classified(catalog: [ErrorCodeValue: ErrorCodeInfo], messages: FailureMessages)
        -> FailureClassification
    {
        switch reason {
        case let .server(code, serverMessage):
            let known = catalog[code]
            let message = serverMessage.isEmpty ? known?.message ?? messages.server : serverMessage
            let kind: FailureKind =
                switch known?.category {
                case .session?: .session
                case .encryption?: .encryption
                default: .server(code: code)
                }
            return FailureClassification(kind: kind, message: message, code: code)
        case let .rejected(status, serverMessage):
            // Named by the condition it meets, else by its status when the spec lists one; a
            // service error either way.
            let (key, known) = Self.codeless(status: status, in: catalog, answer: response)
            let message = serverMessage.isEmpty ? known?.message ?? messages.server : serverMessage
            let kind: FailureKind =
                switch known?.category {
                case .session?: .session
                case .encryption?: .encryption
                default: .server(code: key ?? .number(status))
                }
            return FailureClassification(kind: kind, message: message, code: key)
        case .notAuthenticated:
            return FailureClassification(kind: .session, message: messages.session)
        case let .transport(failure):
            return FailureClassification(kind: .transport(failure.kind), message: messages.transport)
        case .status, .malformedResponse, .unknownDiscriminator:
            return FailureClassification(kind: .invalidResponse, message: messages.invalidResponse)
        case .invalidRequest:
            return FailureClassification(kind: .invalidRequest, message: messages.invalidRequest)
        case let .refused(middleware, _):
            // Nothing was sent: for the user, as a request that could not be made.
            return FailureClassification(kind: .refused(by: middleware), message: messages.invalidRequest)
        }
    }

    /// The error without a code that an answer of `status` is: the first (by key) whose condition
    /// the answer meets, else the one its status alone names; `(nil, nil)` when the spec has none.
    private static func codeless(
        status: Int, in catalog: [ErrorCodeValue: ErrorCodeInfo], answer: FailureResponse?
    ) -> (ErrorCodeValue?, ErrorCodeInfo?) {
        if let answer {
            let met = catalog.filter { key, info in
                info.byStatus && info.status == status && info.condition?.holds(in: answer) == true
            }
            if let first = met.min(by: { $0.key < $1.key }) { return (first.key, first.value) }
        }
        guard let info = catalog[.number(status)], info.byStatus else { return (nil, nil) }
        return (.number(status), info)
    }
}
