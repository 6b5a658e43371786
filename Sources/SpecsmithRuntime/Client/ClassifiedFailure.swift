import Foundation

// How a runtime failure becomes a service's failure, in one place: the protocol every generated
// `Failure` conforms to, the classification by the spec's catalogue, and the service's wording of
// failures without a known code.

/// A service's typed failure: a kind to react to, a message for users, the operation that failed, a
/// detail for developers and the error code the service answered with.
///
/// A generated `Failure` declares its parts and its service's wording; this protocol classifies a
/// runtime failure with them and gives the descriptions, so every service behaves the same way.
public protocol ClassifiedFailure: ServiceFailure, Hashable, CustomStringConvertible, LocalizedError {
    /// The service's error codes.
    associatedtype Code: ServiceErrorCode

    /// The user messages of failures that carry no known error code, in the service's language.
    static var messages: FailureMessages { get }

    /// What went wrong.
    var kind: FailureKind { get }
    /// A message for users, in the service's language.
    var message: String { get }
    /// The operation that failed.
    var operation: String { get }
    /// What happened, for developers and logs; it never holds sensitive values.
    var detail: String { get }
    /// The error code the service answered with, whatever the kind; `nil` when no answer carried one.
    var code: Code? { get }
    /// The answer the failure came with: status, the headers the spec names, the body.
    var response: FailureResponse? { get }

    /// A failure made of its parts.
    init(
        kind: FailureKind, message: String, operation: String, detail: String, code: Code?, response: FailureResponse?)
}

extension ClassifiedFailure {
    /// Classifies a runtime failure with the service's error codes and words it for users: a known
    /// code takes its category from the catalogue; the message is the server's when it sent one.
    public init(_ failure: ClientFailure) {
        let classified = failure.classified(catalog: Code.catalog, messages: Self.messages)
        self.init(
            kind: classified.kind, message: classified.message, operation: failure.operation,
            detail: failure.description, code: classified.code.map(Code.init(rawValue:)), response: failure.response)
    }

    /// The HTTP status of the answer, `nil` when none came.
    public var status: Int? { response?.status }

    /// What happened, for developers and logs.
    public var description: String { detail }

    /// The user message.
    public var errorDescription: String? { message }
}

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
            if let status = response?.status, !catalog.isEmpty, catalog.values.allSatisfy(\.byStatus) {
                // A spec that knows every error by its status gives the service no error codes, so
                // a `code` member of the body (Petstore's `"code": 1`) is the body's own.
                var byStatus = self
                byStatus.reason = .rejected(status: status, message: serverMessage)
                return byStatus.classified(catalog: catalog, messages: messages)
            }
            let known = catalog[code]
            let message = serverMessage.isEmpty ? known?.message ?? messages.server : serverMessage
            return FailureClassification(kind: Self.kind(of: known, code: code), message: message, code: code)
        case let .rejected(status, serverMessage):
            // Named by the condition it meets, else by its status when the spec lists one; a
            // service error either way.
            let (key, known) = Self.codeless(status: status, in: catalog, answer: response)
            let message = serverMessage.isEmpty ? known?.message ?? messages.server : serverMessage
            return FailureClassification(
                kind: Self.kind(of: known, code: key ?? .number(status)), message: message, code: key)
        case .notAuthenticated:
            return FailureClassification(kind: .session, message: messages.session)
        case let .transport(failure):
            return FailureClassification(kind: .transport(failure.kind), message: messages.transport)
        case let .status(status):
            // No JSON body (an empty 404, a text page): the error the spec knows by this status, if
            // any, in the catalogue's words; else an answer the spec does not describe.
            guard case let (key?, known?) = Self.codeless(status: status, in: catalog, answer: response) else {
                return FailureClassification(kind: .invalidResponse, message: messages.invalidResponse)
            }
            return FailureClassification(kind: Self.kind(of: known, code: key), message: known.message, code: key)
        case .malformedResponse, .unknownDiscriminator:
            return FailureClassification(kind: .invalidResponse, message: messages.invalidResponse)
        case .invalidRequest:
            return FailureClassification(kind: .invalidRequest, message: messages.invalidRequest)
        case let .refused(middleware, _):
            // Nothing was sent: for the user, as a request that could not be made.
            return FailureClassification(kind: .refused(by: middleware), message: messages.invalidRequest)
        }
    }

    /// The kind of a service error: the catalogue's session and encryption categories, else a server
    /// error with `code`.
    private static func kind(of known: ErrorCodeInfo?, code: ErrorCodeValue) -> FailureKind {
        switch known?.category {
        case .session?: .session
        case .encryption?: .encryption
        default: .server(code: code)
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

/// The user-facing wording of failures that carry no known error code, in the service's language.
public struct FailureMessages: Sendable, Hashable {
    /// When no answer came: a timeout, a refused or reset connection.
    public var transport: String
    /// When the answer does not follow the spec.
    public var invalidResponse: String
    /// When the request could not be built, such as a value that breaks its rules.
    public var invalidRequest: String
    /// When the session is missing, invalid or expired.
    public var session: String
    /// When data could not be encrypted or decrypted.
    public var encryption: String
    /// When the service answered with an error code the catalog does not know.
    public var server: String

    /// The wording of each kind of failure, from the spec's `messages`.
    public init(
        transport: String, invalidResponse: String, invalidRequest: String, session: String, encryption: String,
        server: String
    ) {
        self.transport = transport
        self.invalidResponse = invalidResponse
        self.invalidRequest = invalidRequest
        self.session = session
        self.encryption = encryption
        self.server = server
    }
}
