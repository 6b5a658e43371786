import Testing

/// The part of `value` that `extract` finds, such as an enum case's payload, or a failed requirement
/// that names what `value` was instead. `try #require` for patterns:
///
/// ```swift
/// let cards = try requireCase(try await api.checkStatus(), "linked") {
///     if case let .linked(cards) = $0 { cards } else { nil }
/// }
/// ```
public func requireCase<Value, Part>(
    _ value: Value, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ extract: (Value) -> Part?
) throws -> Part {
    try #require(extract(value), "expected .\(expected), got \(value)", sourceLocation: sourceLocation)
}
