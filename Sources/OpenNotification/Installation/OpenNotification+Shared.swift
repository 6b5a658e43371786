// Hand-written: the seed's entry point, `OpenNotification.shared`, is a singleton the spec cannot declare.
import Foundation

extension OpenNotification {
    /// The SDK for this app, as the manual uses it: `OpenNotification.shared.configure(endpoint:appKey:)`.
    @available(iOSApplicationExtension, unavailable)
    public static let shared = Installation()
}
