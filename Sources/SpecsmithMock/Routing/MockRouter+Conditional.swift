import Foundation
@_spi(Generated) import SpecsmithRuntime

/// What the mock answers by itself to a conditional GET of an operation that declares
/// `304 Not Modified` as an outcome, from the validators the handler's answer declares.
extension MockRouter {
    /// `304 Not Modified`, with the answer's headers and no body, when the request's validators
    /// match the answer's (RFC 9110 §13.1.2, §13.1.3, §13.2.2): an `If-None-Match` that lists the
    /// answer's `ETag` (compared weakly) or is `*`; else, without `If-None-Match`, an
    /// `If-Modified-Since` no earlier than the answer's `Last-Modified`. `nil` when the answer is
    /// to be sent: no validator, or the resource changed. A date that is not an HTTP-date is
    /// ignored, as the RFC says.
    static func notModified(_ request: MockRequest, _ answer: any Encodable & Sendable) -> MockResponse? {
        guard let headed = answer as? MockHeadedAnswer else { return nil }
        var headers: [String: String] = [:]
        for (name, value) in headed.headers { headers[name.lowercased()] = value }
        if let condition = request.header("If-None-Match") {
            guard let etag = headers["etag"] else { return nil }
            let listed = entityTags(in: condition)
            let matches = listed.contains("*") || listed.contains { opaqueTag($0) == opaqueTag(etag) }
            return matches ? MockResponse(status: 304, headers: headers, body: Data()) : nil
        }
        guard let since = request.header("If-Modified-Since").flatMap(HTTPDateText.parse),
            let modified = headers["last-modified"].flatMap(HTTPDateText.parse), modified <= since
        else { return nil }
        return MockResponse(status: 304, headers: headers, body: Data())
    }

    /// The entity tags an `If-None-Match` lists, or `*`: split at the commas between them, not at
    /// a comma inside a quoted tag, which RFC 9110 allows (`"v1,2"`).
    static func entityTags(in list: String) -> [String] {
        HeaderValueList.split(list, at: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// An entity tag without its weakness mark, for the weak comparison `If-None-Match` uses.
    private static func opaqueTag(_ tag: some StringProtocol) -> Substring {
        let trimmed = Substring(tag.trimmingCharacters(in: .whitespaces))
        return trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : trimmed
    }
}
