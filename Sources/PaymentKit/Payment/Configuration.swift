// Hand-written: the seed's configuration, three explicit URLs that are never derived from each other.
import Foundation

/// Where PaymentKit talks to: three hosts, each set explicitly for the environment you target.
///
/// The URLs are optional because the seed builds them with `URL(string:)`; a payment that needs a
/// missing one fails through its callback with ``PaymentError/configuration(_:)`` before any
/// network call.
public struct Configuration: Sendable, Hashable {
    /// The gateway environment the URLs belong to.
    public enum Environment: String, Sendable, Hashable {
        /// Test cards, test money; plain `http` is allowed for loopback mocks.
        case sandbox
        /// Live payments; every URL must be `https`.
        case production
    }

    /// Your backend: the hosted flow and ``PaymentKit/paymentStatus(paymentId:)`` read statuses there.
    public var apiBaseURL: URL?
    /// The client-facing checkout API: card sessions and 3-D Secure. Required for card payments.
    public var checkoutAPIBaseURL: URL?
    /// The checkout host: the card-encryption key, the hosted page, the challenge's return page.
    public var checkoutBaseURL: URL?
    /// Which gateway environment the URLs belong to.
    public var environment: Environment
    /// The longest a payment may take, from start to callback, in seconds; then the outcome is
    /// `.unresolved` once the card was sent (`.failed` before).
    public var deadline: TimeInterval
    /// The limit for each request, in seconds.
    public var requestTimeout: TimeInterval

    /// A configuration with each URL set explicitly; `deadline` and `requestTimeout` are in seconds.
    public init(
        apiBaseURL: URL?, checkoutAPIBaseURL: URL?, checkoutBaseURL: URL?, environment: Environment,
        deadline: TimeInterval = 300, requestTimeout: TimeInterval = 30
    ) {
        self.apiBaseURL = apiBaseURL
        self.checkoutAPIBaseURL = checkoutAPIBaseURL
        self.checkoutBaseURL = checkoutBaseURL
        self.environment = environment
        self.deadline = deadline
        self.requestTimeout = requestTimeout
    }

    /// The URL named `name`, or why it cannot be used.
    func require(_ url: URL?, _ name: String) throws(PaymentError) -> URL {
        guard let url else { throw .configuration("\(name) is not set; set it for the \(environment) environment.") }
        guard url.scheme == "https" || (url.scheme == "http" && environment == .sandbox) else {
            throw .configuration("\(name) must be an https URL in the \(environment) environment.")
        }
        return url
    }
}
