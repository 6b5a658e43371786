// Hand-written: a summary of the SDK's local state; the server has no such field.
import Foundation

/// Where an installation stands on its way to receiving notifications.
public enum RegistrationStatus: Sendable, Hashable {
    /// Permission has not been asked for yet.
    case permissionNotRequested
    /// The user refused notifications.
    case permissionDenied
    /// Permission was granted but no device token arrived: `didRegister(deviceToken:)` is not wired
    /// up, so the device is not subscribed. The most common reason for "it does not work".
    case permissionGrantedButNotRegistered
    /// A token arrived; the server has not confirmed the subscription yet.
    case registering
    /// Subscribed, with this subscription id.
    case subscribed(String)
    /// The user opted out with `unsubscribe()`; only `optIn()` subscribes again, not a permission grant.
    case unsubscribed

    init(_ state: InstallationState) {
        if state.optedOut {
            self = .unsubscribed
        } else if let id = state.subscriptionID, state.token != nil {
            self = .subscribed(id)
        } else if state.token != nil {
            self = .registering
        } else if state.permissionGranted == true {
            self = .permissionGrantedButNotRegistered
        } else if state.permissionGranted == false {
            self = .permissionDenied
        } else {
            self = .permissionNotRequested
        }
    }
}
