import Foundation
@_spi(Generated) import SpecsmithRuntime

/// Parameters that are dates in unix time or HTTP-date form, read as `Date`: what a generated
/// route hands the handler for a `unixSeconds`, `unixMilliseconds` or `httpDate` parameter.
extension MockRequest {
    /// The parameter `name` as a date written in `format`; `nil` when absent, a 400 when it is not one.
    public func parameter<Format: WireTimeFormat>(_ name: String, in place: ParameterPlace, as format: Format.Type)
        throws(MockFailure) -> Date?
    {
        do throws(MockFailure) {
            return try parameter(name, in: place, as: WireTime<Format>.self)?.date
        } catch {
            throw .badRequest("\(place) parameter \(name): not \(Format.style.summary)")
        }
    }

    /// The required parameter `name` as a date written in `format`, or a 400 naming it.
    public func requiredParameter<Format: WireTimeFormat>(
        _ name: String, in place: ParameterPlace, as format: Format.Type
    ) throws(MockFailure) -> Date {
        guard let date = try parameter(name, in: place, as: format) else {
            throw .badRequest("missing \(place) parameter \(name)")
        }
        return date
    }

    /// The query list `name` of dates written in `format`; `nil` when absent, a 400 when an element is not one.
    public func parameterList<Format: WireTimeFormat>(_ name: String, explode: Bool, as format: Format.Type)
        throws(MockFailure) -> [Date]?
    {
        do throws(MockFailure) {
            return try parameterList(name, explode: explode, as: WireTime<Format>.self)?.map(\.date)
        } catch {
            throw .badRequest("query parameter \(name): an element is not \(Format.style.summary)")
        }
    }

    /// The query list `name` of dates written in `format`; absent is empty.
    public func requiredParameterList<Format: WireTimeFormat>(_ name: String, explode: Bool, as format: Format.Type)
        throws(MockFailure) -> [Date]
    {
        try parameterList(name, explode: explode, as: format) ?? []
    }
}
