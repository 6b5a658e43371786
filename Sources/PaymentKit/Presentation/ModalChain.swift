// Hand-written: where on a stack of modal screens the SDK's page goes, and where it is found again.
// UIKit refuses to present from a view controller that already presents something, and then the
// page never shows and its one callback never comes. The rule lives here, headless, so Linux tests
// check it against a stack of stand-ins.
import Foundation

/// Walks a chain of modal presentations: `from:`, what it presents, what that presents, and so on.
package enum ModalChain {
    /// The screen to present over: `start` when it presents nothing, else the last screen of its
    /// chain that is not on its way out. A screen being dismissed cannot present, so the page goes
    /// over the one that presented it.
    package static func host<Screen: AnyObject>(
        from start: Screen, presented: (Screen) -> Screen?, isLeaving: (Screen) -> Bool
    ) -> Screen {
        var host = start
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(start)]
        while let next = presented(host), !isLeaving(next), seen.insert(ObjectIdentifier(next)).inserted {
            host = next
        }
        return host
    }

    /// The first screen presented above `start`, directly or further up, that `match` accepts.
    package static func first<Screen: AnyObject, Found>(
        above start: Screen, presented: (Screen) -> Screen?, match: (Screen) -> Found?
    ) -> Found? {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(start)]
        var next = presented(start)
        while let screen = next, seen.insert(ObjectIdentifier(screen)).inserted {
            if let found = match(screen) { return found }
            next = presented(screen)
        }
        return nil
    }
}
