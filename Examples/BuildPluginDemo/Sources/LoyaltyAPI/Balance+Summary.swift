// Hand-written, not generated: a presentation helper the spec has no reason to describe. The client
// and models come from loyalty.specsmith.json through SpecsmithBuildPlugin at build time.

extension Loyalty.Balance {
    /// A one-line summary for lists, such as "M000042: 1250 points".
    public var summary: String { "\(member.rawValue): \(points) points" }
}
