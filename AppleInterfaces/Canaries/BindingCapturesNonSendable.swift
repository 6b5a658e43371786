// check: must fail in every mode
// Swift 6 only: Swift 5 mode does not check what a Sendable closure captures.
// A canary: Binding(get:set:) takes Sendable closures, as SwiftUI declares it, so a binding over a
// non-Sendable model made off the main actor is refused.
import SwiftUI

final class Counter {
    var value = 0
}

nonisolated func binding(to counter: Counter) -> Binding<Int> {
    Binding(get: { counter.value }, set: { counter.value = $0 })
}
