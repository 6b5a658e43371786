import SpecsmithRuntime

/// A value several tasks append to or update, for tests that record what happened.
public final class Recorder<Value: Sendable>: Sendable {
    private let storage: Locked<Value>

    public init(_ value: Value) {
        storage = Locked(value)
    }

    public var value: Value { storage.withLock { $0 } }

    @discardableResult
    public func update<Result: Sendable>(_ change: (inout Value) -> Result) -> Result {
        storage.withLock { change(&$0) }
    }
}
