/// A service's error codes, by name: a generated `ErrorCode` declares a constant for each code, the
/// catalogue of what the spec says about them and the comparison with a code; this protocol gives the lookup.
///
/// The comparison stays in each generated type: an operator in this module's extension would not be
/// found by app code that imports only the SDK.
public protocol ServiceErrorCode: RawRepresentable, Hashable, Sendable where RawValue == ErrorCodeValue {
    /// What the spec says about each code: wire name, user message, category.
    static var catalog: [ErrorCodeValue: ErrorCodeInfo] { get }

    /// The code `rawValue`, known to the spec or not.
    init(rawValue: ErrorCodeValue)
}

extension ServiceErrorCode {
    /// The spec's entry for this code, if it has one.
    public var info: ErrorCodeInfo? { Self.catalog[rawValue] }
}
