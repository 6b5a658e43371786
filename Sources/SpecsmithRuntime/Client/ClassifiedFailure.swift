import Foundation

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
