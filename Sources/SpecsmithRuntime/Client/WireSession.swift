/// A session token as the spec's `sessionToken` auth describes it: the operation whose answer issues
/// it, where in that answer it sits, and the header later calls send it in. An SDK that keeps the
/// token away from app code reads these instead of naming any operation or field itself.
@_spi(Generated) public struct WireSession: Sendable, Hashable {
    /// The operation whose success answer carries the token.
    public var issuer: WireOperation
    /// The token's wire path in that answer, the envelope included: `["data", "connectionToken"]`.
    public var tokenPath: [String]
    /// The header later calls send the token in.
    public var header: String
    /// What precedes the token in that header (`Bearer `), often nothing.
    public var prefix: String

    /// A session issued by `issuer` at `tokenPath`, sent in `header` after `prefix`.
    public init(issuer: WireOperation, tokenPath: [String], header: String, prefix: String) {
        self.issuer = issuer
        self.tokenPath = tokenPath
        self.header = header
        self.prefix = prefix
    }

    /// Whether `method` and `path` (a URL's path, which may begin with the host's base path) are a
    /// request of the issuing operation: its method, and its path template at the path's end, each
    /// `{placeholder}` standing for one segment.
    public func isIssuedBy(method: RequestMethod, path: String) -> Bool {
        guard method == issuer.method else { return false }
        let template = issuer.path.split(separator: "/", omittingEmptySubsequences: true)
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        guard segments.count >= template.count else { return false }
        return zip(template, segments.suffix(template.count)).allSatisfy { expected, actual in
            (expected.hasPrefix("{") && expected.hasSuffix("}") && !actual.isEmpty) || expected == actual
        }
    }
}
