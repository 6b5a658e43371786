import Foundation
@_spi(Generated) import SpecsmithRuntime

/// Judges a server's answer to one operation against the spec: its status, declared headers,
/// content type and body, inside the service's envelope.
///
/// An answer conforms when its status is the operation's success status and its body decodes as
/// the declared response, or when its status is that of an error the spec declares and its body
/// is the spec's error shape. An answer to a request sent without credentials the operation
/// requires conforms only as a declared 4xx error. The judge is pure: `specsmith verify` feeds it
/// what the wire carried, and tests feed it answers written by hand.
public struct AnswerJudge: Sendable {
    // MARK: - Stored state

    /// The spec the answers are held to.
    public let spec: Spec
    private let values: WireValueCheck

    // MARK: - Initialisers

    /// A judge of answers against `spec`.
    public init(spec: Spec) {
        self.spec = spec
        // A decoder skips members the spec does not list, so a server may add one.
        values = WireValueCheck(spec: spec, acceptsUndeclaredMembers: true)
    }

    // MARK: - API

    /// The statuses of the errors the spec declares, ascending and without repeats.
    public var errorStatuses: [Int] {
        Array(Set(spec.errors.map(\.status))).sorted()
    }

    /// Everything that does not conform in `answer` to a request for `endpoint`.
    /// - Parameters:
    ///   - answer: What the server answered.
    ///   - endpoint: The operation the request called.
    ///   - credentialsWithheld: Whether the request left out credentials the operation requires.
    /// - Returns: One sentence per problem; empty when the answer conforms.
    public func problems(with answer: ServerAnswer, to endpoint: Endpoint, credentialsWithheld: Bool = false)
        -> [String]
    {
        let declared = errorStatuses
        if credentialsWithheld {
            if (200..<300).contains(answer.status) {
                return [
                    "status \(answer.status) is a success, but the request carried none of the credentials it requires; "
                        + "the answer must be a declared error (\(Self.list(declared.filter { (400..<500).contains($0) })))"
                ]
            }
            guard (400..<500).contains(answer.status), declared.contains(answer.status) else {
                return [
                    "status \(answer.status) is no declared 4xx error, as the answer to a request without its "
                        + "credentials must be (\(Self.list(declared.filter { (400..<500).contains($0) })))"
                ]
            }
            return errorProblems(answer)
        }
        if answer.status == endpoint.successStatus {
            // With an error marker (`"result": "fail"`), a body is an error whatever its status.
            if let marker = spec.service.envelope.errorMarker, let body = try? json(answer),
                body[marker.field]?.value == marker.value.jsonValue
            {
                return errorProblems(answer)
            }
            return successProblems(answer, endpoint)
        }
        if declared.contains(answer.status) { return errorProblems(answer) }
        return [
            "status \(answer.status) is neither the success status \(endpoint.successStatus) "
                + "nor that of a declared error (\(Self.list(declared)))"
        ]
    }

    /// The payload of a success body: the member under the envelope's data key, or the whole body.
    public func payload(in body: JSONNode) -> JSONNode? {
        guard let dataField = spec.service.envelope.dataField else { return body }
        return body[dataField]
    }

    // MARK: - Success answers

    private func successProblems(_ answer: ServerAnswer, _ endpoint: Endpoint) -> [String] {
        var problems: [String] = []
        for header in endpoint.responseHeaders where !header.type.isOptional {
            if answer.headers[header.wireName.lowercased()] == nil {
                problems.append("the header \"\(header.wireName)\" is missing; the spec declares it required")
            }
        }
        let envelope = spec.service.envelope
        let expectsBody =
            endpoint.successStatus != 204
            && (endpoint.response != nil || (envelope.dataField != nil && envelope.successMarker != nil))
        guard expectsBody else { return problems }
        // Bytes, text and forms are not JSON: the label must say so, text must be UTF-8, a form a form.
        if let mediaType = endpoint.responseMediaType {
            let label = answer.contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
            if label?.lowercased() != mediaType {
                problems.append(
                    "the body is labelled \(answer.contentType ?? "with no content type"), not \(mediaType)")
            } else if mediaType == "text/plain", String(data: answer.body, encoding: .utf8) == nil {
                problems.append("the text/plain body is not UTF-8")
            } else if mediaType == FormEncoding.mediaType, FormTree.parse(form: answer.body) == nil {
                problems.append("the body is not a form (name=value pairs joined by &, brackets closed)")
            }
            return problems
        }
        let body: JSONNode
        do {
            body = try json(answer)
        } catch {
            return problems + [error.message]
        }
        var payload = body
        var path = "$"
        if envelope.dataField == nil, let marker = envelope.successMarker, body.members != nil,
            body[marker.field]?.value != marker.value.jsonValue
        {
            // A marker beside a bare payload is a member of the payload's object.
            problems.append("the body lacks the success marker \"\(marker.field)\": \(marker.value)")
        }
        if let dataField = envelope.dataField {
            guard body.members != nil else {
                return problems + ["the body is \(body.kindName), not the envelope's object with \"\(dataField)\""]
            }
            if let marker = envelope.successMarker, body[marker.field]?.value != marker.value.jsonValue {
                let found = body[marker.field].map { " (it is \(JSONText.compact($0)))" } ?? ""
                problems.append("the body lacks the success marker \"\(marker.field)\": \(marker.value)\(found)")
            }
            guard endpoint.response != nil else { return problems }
            guard let inner = body[dataField] else {
                return problems + ["the body has no \"\(dataField)\" member, where the envelope carries the payload"]
            }
            payload = inner
            path = "$.\(dataField)"
        }
        if let response = endpoint.response, let problem = values.problem(with: payload, as: response, at: path) {
            problems.append("the body does not decode as \(response): \(problem.message)")
        }
        return problems
    }

    // MARK: - Error answers

    private func errorProblems(_ answer: ServerAnswer) -> [String] {
        let body: JSONNode
        do {
            body = try json(answer)
        } catch {
            // An empty or text body is the error the spec knows by this status, as the client reads it.
            if spec.errors.contains(where: { $0.byStatus && $0.status == answer.status && $0.condition == nil }) {
                return []
            }
            return ["the error answer's body is not the spec's error shape: \(error.message)"]
        }
        if let declared = spec.service.errorBody {
            if let problem = values.problem(with: body, as: .named(declared.name)) {
                return ["the error body does not decode as \(declared.name): \(problem.message)"]
            }
            // The code is judged only where the body type has a numeric place for it.
            guard let codePath = ErrorBodyShape(spec: spec)?.codePath, let field = codePath.last else { return [] }
            var holder = body
            for key in codePath.dropLast() { holder = holder[key] ?? holder }
            guard holder[field] != nil else { return [] }
            return codeProblems(
                holder, answer.status, required: false, prefix: (["$"] + codePath.dropLast()).joined(separator: "."))
        }
        let envelope = spec.service.envelope
        var problems: [String] = []
        guard body.members != nil else { return ["the error body is \(body.kindName), not an object"] }
        if let marker = envelope.errorMarker, body[marker.field]?.value != marker.value.jsonValue {
            let found = body[marker.field].map { " (it is \(JSONText.compact($0)))" } ?? ""
            problems.append("the error body lacks the error marker \"\(marker.field)\": \(marker.value)\(found)")
        }
        var inner = body
        var prefix = "$"
        if let container = envelope.errorContainer {
            guard let nested = body[container], nested.members != nil else {
                return problems + ["the error body has no object \"\(container)\" holding the code and message"]
            }
            inner = nested
            prefix = "$.\(container)"
        }
        if let message = inner[envelope.messageField], message.string == nil {
            problems.append("\(prefix).\(envelope.messageField) is \(message.kindName), not a string")
        }
        return problems + codeProblems(inner, answer.status, required: true, prefix: prefix)
    }

    /// The error code at the envelope's code key of `object`: a whole number or string that names a declared
    /// error of this status. Absent only where an error of this status is told apart by status alone.
    private func codeProblems(_ object: JSONNode, _ status: Int, required: Bool, prefix: String = "$") -> [String] {
        // A spec that knows every error by its status has no codes: a member of that name is the
        // body's own, as the client reads it.
        if !spec.errors.isEmpty, spec.errors.allSatisfy(\.byStatus) { return [] }
        let field = spec.service.envelope.codeField
        let path = "\(prefix).\(field)"
        guard let node = object[field] else {
            let byStatus = spec.errors.contains { $0.byStatus && $0.status == status }
            return !required || byStatus
                ? []
                : ["the error body has no \"\(field)\" (\(path)); every declared error of status \(status) carries one"]
        }
        let written: ErrorCodeValue? =
            switch node.value {
            case let .number(text): Int(text).map(ErrorCodeValue.number)
            case let .string(text): .text(text)
            default: nil
            }
        guard let code = written else {
            return ["\(path) is \(JSONText.compact(node)), not a whole number or a string"]
        }
        guard let error = spec.errors.first(where: { !$0.byStatus && $0.code == code }) else {
            return ["\(path) is \(code), which no declared error has"]
        }
        guard error.status == status else {
            return ["the error \(error.name) (code \(code)) is declared with status \(error.status), not \(status)"]
        }
        return []
    }

    // MARK: - Private helpers

    /// A body that cannot be judged, said as a problem.
    private struct Unreadable: Error {
        var message: String
    }

    /// The body as JSON, when the content type says JSON and the bytes are.
    private func json(_ answer: ServerAnswer) throws(Unreadable) -> JSONNode {
        guard answer.isJSON else {
            let type = answer.contentType.map { "\"\($0)\"" } ?? "missing"
            throw Unreadable(message: "the content type is \(type), not JSON")
        }
        guard let text = String(data: answer.body, encoding: .utf8) else {
            throw Unreadable(message: "the body is not UTF-8 text")
        }
        do {
            return try JSONParser.parse(text)
        } catch {
            throw Unreadable(message: "the body is not JSON: \(error.message) at \(error.location)")
        }
    }

    private static func list(_ statuses: [Int]) -> String {
        statuses.isEmpty ? "none declared" : statuses.map(String.init).joined(separator: ", ")
    }
}
