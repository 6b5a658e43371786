import Foundation
import SpecsmithRuntime
import Testing

@testable import BKMExpressLiteSDK

/// The card field's lifecycle observers go with the field: a notification posted after the holder
/// is released reaches no block (on UIKit, a block that would touch a field already gone).
@Suite struct NotificationObserversTests {
    @Test func observersAreRemovedWhenTheirHolderGoes() {
        let center = NotificationCenter()
        let resign = Notification.Name("UIApplicationWillResignActiveNotification")
        let active = Notification.Name("UIApplicationDidBecomeActiveNotification")
        let seen = Locked<[String]>([])
        var holder: NotificationObservers? = NotificationObservers(center: center)
        holder?.observe(resign, queue: nil) { _ in seen.withLock { $0.append("resign") } }
        holder?.observe(active, queue: nil) { _ in seen.withLock { $0.append("active") } }
        center.post(name: resign, object: nil)
        center.post(name: active, object: nil)
        #expect(seen.withLock { $0 } == ["resign", "active"])
        holder = nil
        center.post(name: resign, object: nil)
        center.post(name: active, object: nil)
        #expect(seen.withLock { $0 } == ["resign", "active"])
    }
}
