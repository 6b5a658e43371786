import Foundation
@_spi(Generated) import SpecsmithRuntime

extension WireSchema {
    /// The problems of `body` against this schema, each as `path: what is wrong`: the first
    /// ten, then one line saying how many more there were. Values are repeated only where the
    /// schema allows (never for sensitive value types), and no problem is longer than 200 characters.
    public func problems(in body: Data) -> [String] {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(
                with: body.isEmpty ? Data("{}".utf8) : body, options: [.fragmentsAllowed])
        } catch {
            return ["the body is not valid JSON"]
        }
        var problems = ProblemList()
        check(json, path: "", into: &problems)
        return problems.summary
    }

    private func check(_ value: Any, path: String, into problems: inout ProblemList) {
        let here = path.isEmpty ? "the body" : path
        func expect(_ kind: String) { problems.append("\(here): expected \(kind), found \(Self.kindName(of: value))") }
        switch self {
        case .string:
            if !(value is String) { expect("a string") }
        case .integer:
            guard let number = Self.number(value), number.doubleValue.rounded() == number.doubleValue else {
                return expect("an integer")
            }
        case .unsignedInteger:
            guard let number = Self.number(value), number.doubleValue.rounded() == number.doubleValue,
                number.doubleValue >= 0
            else { return expect("a whole number that is not negative") }
        case .any:
            break
        case .number:
            if Self.number(value) == nil { expect("a number") }
        case .boolean:
            if !Self.isBoolean(value) { expect("true or false") }
        case .date:
            guard let text = value as? String else { return expect("an ISO-8601 date") }
            if WireCoding.parseDate(text) == nil {
                problems.append("\(here): \"\(text)\" is not an ISO-8601 date and time")
            }
        case .unixTime:
            guard let number = Self.number(value), number.doubleValue.isFinite else {
                return expect("a unix time (a number)")
            }
        case .httpDate:
            guard let text = value as? String else { return expect("an HTTP-date") }
            if WireTime<HTTPDate>(parameterValue: text) == nil {
                problems.append("\(here): \"\(text)\" is not an HTTP-date (Sun, 06 Nov 1994 08:49:37 GMT)")
            }
        case .url:
            guard let text = value as? String else { return expect("a URL") }
            if URL(string: text)?.scheme == nil { problems.append("\(here): not an absolute URL") }
        case .uuid:
            guard let text = value as? String else { return expect("a UUID") }
            if UUID(uuidString: text) == nil { problems.append("\(here): not a UUID") }
        case .bytes:
            guard let text = value as? String else { return expect("base64 bytes") }
            if Data(base64Encoded: text) == nil { problems.append("\(here): not base64") }
        case .file:
            guard let file = value as? [String: Any], let data = file["data"] as? String,
                Data(base64Encoded: data) != nil, file["fileName"] is String
            else { return expect("a file (a part with a filename)") }
        case let .value(base, rules, sensitive):
            let before = problems.count
            base.check(value, path: path, into: &problems)
            guard problems.count == before else { return }
            do throws(ValueRuleFailure) {
                if let text = value as? String {
                    try ValueRule.check(text, rules, type: here, sensitive: sensitive)
                } else if let number = Self.number(value), let decimal = Decimal(string: "\(number)") {
                    try ValueRule.check(decimal, rules, type: here)
                }
            } catch {
                problems.append("\(here): " + (sensitive ? "the value breaks a rule" : error.reason))
            }
        case let .oneOf(values):
            guard let text = value as? String else { return expect("one of \(values.joined(separator: ", "))") }
            if !values.contains(text) {
                problems.append("\(here): \"\(text)\" is not one of \(values.joined(separator: ", "))")
            }
        case let .array(element):
            guard let items = value as? [Any] else { return expect("an array") }
            for (index, item) in items.enumerated() { element.check(item, path: "\(path)[\(index)]", into: &problems) }
        case let .map(element):
            guard let object = value as? [String: Any] else { return expect("an object") }
            for key in object.keys.sorted() { element.check(object[key]!, path: Self.join(path, key), into: &problems) }
        case let .object(fields):
            guard let object = value as? [String: Any] else { return expect("an object") }
            Self.checkMembers(object, fields: fields, path: path, into: &problems)
        case let .union(discriminator, cases):
            guard let object = value as? [String: Any] else { return expect("an object") }
            guard let tag = object[discriminator] as? String else {
                return problems.append("\(Self.join(path, discriminator)): missing required field")
            }
            guard let match = cases.first(where: { $0.value == tag }) else {
                let known = cases.map(\.value).joined(separator: ", ")
                return problems.append("\(Self.join(path, discriminator)): \"\(tag)\" is not one of \(known)")
            }
            var fields = [WireField.required(discriminator, .string)]
            if let field = match.payloadField, let payload = match.payload { fields.append(.required(field, payload)) }
            Self.checkMembers(object, fields: fields, path: path, into: &problems)
        case let .shapes(cases):
            let markers = cases.compactMap { item -> String? in
                if case let .object(marker?) = item.shape { marker } else { nil }
            }
            guard let shape = Self.shape(of: value, markers: markers) else {
                return problems.append(
                    "\(here): an object with more than one of the keys \(markers.joined(separator: ", "))")
            }
            guard let match = cases.first(where: { $0.shape == shape }) else {
                let kinds = cases.map { Self.shapeName($0.shape) }.joined(separator: " or ")
                return expect(kinds)
            }
            match.payload.check(value, path: path, into: &problems)
        case let .deferred(schema):
            schema().check(value, path: path, into: &problems)
        }
    }

    /// The shape of a value `JSONSerialization` read, as a union chosen by shape sees it; `nil` for an
    /// object holding several markers.
    private static func shape(of value: Any, markers: [String]) -> WireShape? {
        switch value {
        case is NSNull: return .null
        case let object as [String: Any]:
            let present = markers.filter { object[$0] != nil }
            return present.count > 1 ? nil : .object(marker: present.first)
        case is [Any]: return .array
        case is String: return .string
        default: return isBoolean(value) ? .boolean : .number
        }
    }

    private static func shapeName(_ shape: WireShape) -> String {
        switch shape {
        case .null: "null"
        case .boolean: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object(marker: nil): "an object"
        case let .object(marker?): "an object with \"\(marker)\""
        }
    }

    private static func checkMembers(
        _ object: [String: Any], fields: [WireField], path: String, into problems: inout ProblemList
    ) {
        for field in fields {
            let fieldPath = join(path, field.name)
            guard let member = object[field.name] else {
                if field.isRequired { problems.append("\(fieldPath): missing required field") }
                continue
            }
            if member is NSNull {
                if !field.isNullable, !field.schema.acceptsNull { problems.append("\(fieldPath): null is not allowed") }
                continue
            }
            field.schema.check(member, path: fieldPath, into: &problems)
        }
        let known = Set(fields.map(\.name))
        for key in object.keys.sorted() where !known.contains(key) {
            problems.append("\(join(path, key)): unknown field")
        }
    }

    /// Free-form JSON may be `null` whatever the field says.
    private var acceptsNull: Bool {
        if case .any = self { true } else { false }
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// JSONSerialization gives booleans as NSNumbers too; their type code tells them apart.
    private static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    private static func number(_ value: Any) -> NSNumber? {
        guard let number = value as? NSNumber, !isBoolean(value) else { return nil }
        return number
    }

    private static func kindName(of value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case is String: "a string"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        case _ where isBoolean(value): "a boolean"
        case is NSNumber: "a number"
        default: "something else"
        }
    }
}
