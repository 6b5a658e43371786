import Foundation
@_spi(Generated) import SpecsmithRuntime

extension MockRequest {
    /// The query list `name`, each element converted to `type`: repeated items when `explode`, else
    /// one item of comma-joined elements. `nil` when absent; a 400 naming the element that does not convert.
    public func parameterList<Value: ParameterValue>(_ name: String, explode: Bool, as type: Value.Type)
        throws(MockFailure) -> [Value]?
    {
        let texts: [String]
        if explode {
            guard let values = queryLists[name] ?? query[name].map({ [$0] }) else { return nil }
            texts = values
        } else {
            guard let joined = query[name] else { return nil }
            texts = ParameterList(parameterValue: joined)?.elements ?? []
        }
        var values: [Value] = []
        for (index, text) in texts.enumerated() {
            guard let value = Value(parameterValue: text) else {
                throw .badRequest(
                    "query parameter \(name)[\(index)]: \(Self.shown(text, as: Value.self)) is not a valid \(Value.self)"
                )
            }
            values.append(value)
        }
        return values
    }

    /// The query list `name`; absent is empty, since a client sends nothing for an empty list.
    public func requiredParameterList<Value: ParameterValue>(_ name: String, explode: Bool, as type: Value.Type)
        throws(MockFailure) -> [Value]
    {
        try parameterList(name, explode: explode, as: type) ?? []
    }

    /// Sorts query items into the first value of each name and the full lists of repeated names.
    static func collect(
        _ items: [URLQueryItem], into query: inout [String: String], repeated: inout [String: [String]]
    ) {
        for item in items {
            let value = item.value ?? ""
            if let first = query[item.name] {
                repeated[item.name, default: [first]].append(value)
            } else {
                query[item.name] = value
            }
        }
    }
}
