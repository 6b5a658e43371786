// Hand-written: the rule that keeps a SwiftUI binding and the SDK's consent model in step, headless
// so Linux tests check it. A spec describes the wire, not a view's binding.
import Foundation

/// Keeps a view's binding and a model in step without either overwriting the other's newer value.
/// A value goes to the model only when the binding changed since this last saw it, and to the
/// binding only when the model changed to something else. So a view update that still carries the
/// binding's old value, made before the model's change reached the binding, changes nothing.
package struct BindingSync<Value: Equatable & Sendable>: Sendable {
    private var seen: Value

    /// Starts from what the model holds.
    package init(model: Value) {
        seen = model
    }

    /// The binding holds `value` (a view update): what to give the model, or `nil`.
    package mutating func bindingHolds(_ value: Value) -> Value? {
        guard value != seen else { return nil }
        seen = value
        return value
    }

    /// The model changed to `value`, by a tap or by the app: what to write to the binding, or `nil`.
    package mutating func modelChanged(to value: Value) -> Value? {
        guard value != seen else { return nil }
        seen = value
        return value
    }
}
