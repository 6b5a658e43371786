import Foundation
import SpecsmithCore
import Testing

/// A small shop spec for `specsmith verify`'s judging tests: BKM's envelope (a `result` marker and
/// a `data` member), an app key, a sensitive field, a declared response header and three errors.
enum VerifyFixture {
    static let envelope = #"""
        ,
        "auth": {"key": {"kind": "appKey", "header": "X-Key"}},
        "defaultAuth": ["key"],
        "envelope": {"success": {"data": "data", "marker": {"result": "ok"}},
                     "error": {"code": "code", "message": "message", "marker": {"result": "fail"}}}
        """#

    static let types = #"""
        "Card": {"kind": "struct", "fields": {
          "id": "CardID", "number": {"type": "string", "sensitive": true}, "nickname": "string?"}},
        "CardID": {"kind": "value", "base": "string"},
        "NewCard": {"kind": "struct", "fields": {"number": {"type": "string", "sensitive": true}, "label": "string"}}
        """#

    static let endpoints = #"""
        "card": {"method": "GET", "path": "/cards/{cardId}", "response": "Card",
          "parameters": {"id": {"in": "path", "wire": "cardId", "type": "CardID"}},
          "responseHeaders": {"etag": {"wire": "ETag", "type": "string"}},
          "errors": ["CARD_NOT_FOUND"]},
        "addCard": {"method": "POST", "path": "/cards", "status": 201, "request": "NewCard", "response": "Card",
          "examples": [{"name": "visa", "request": {"number": "4242424242424242", "label": "mine"}}]},
        "ping": {"method": "GET", "path": "/ping", "auth": []}
        """#

    static let errors = #"""
        "CARD_NOT_FOUND": {"code": 1201, "message": "No such card.", "status": 404},
        "BAD_KEY": {"code": 1001, "message": "The key is not valid.", "status": 401},
        "INVALID": {"code": 1002, "message": "Not valid."}
        """#

    /// The fixture, resolved; fails the test when it does not lint clean.
    static func resolved(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ResolvedSpec {
        let fixture = SpecFixture(types: types, endpoints: endpoints, errors: errors, serviceExtra: envelope)
        let result = SpecLoader.load(text: fixture.text, path: "Spec/shop.json")
        return try #require(
            result.resolved, "\(result.diagnostics.rendered(file: "Spec/shop.json"))", sourceLocation: sourceLocation)
    }

    /// A JSON answer with `status` and `body`.
    static func json(_ status: Int, _ body: String, headers: [String: String] = [:]) -> ServerAnswer {
        ServerAnswer(
            status: status, headers: headers.merging(["Content-Type": "application/json"]) { mine, _ in mine },
            body: Data(body.utf8))
    }
}
