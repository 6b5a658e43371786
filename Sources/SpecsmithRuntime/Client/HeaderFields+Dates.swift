import Foundation

extension HeaderFields {
    /// Header `name` as a date written in `format` (`Last-Modified` as an HTTP-date), or `nil`
    /// when the answer has none.
    ///
    /// - Throws: ``Problem`` when the header is there but is not a date in that form.
    public func value<Format: WireTimeFormat>(_ name: String, as format: Format.Type) throws(Problem) -> Date? {
        do throws(Problem) {
            return try value(name, as: WireTime<Format>.self)?.date
        } catch {
            throw Problem(header: name, reason: "is not \(Format.style.summary)")
        }
    }

    /// Header `name` as a date written in `format`, which the endpoint declares the answer always has.
    ///
    /// - Throws: ``Problem`` when the header is missing or is not a date in that form.
    public func required<Format: WireTimeFormat>(_ name: String, as format: Format.Type) throws(Problem) -> Date {
        guard let date = try value(name, as: format) else { throw Problem(header: name, reason: "is missing") }
        return date
    }
}
