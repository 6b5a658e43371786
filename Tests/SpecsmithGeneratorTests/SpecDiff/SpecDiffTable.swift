import SpecsmithCore

/// One spec change of the fixture table: the edit that turns the base spec into the new one, the
/// verdicts `specsmith diff` must give it, and app code written against the old SDK that the
/// compile proof builds against both SDKs.
struct SpecDiffRow: Sendable, CustomStringConvertible {
    var name: String
    /// Replacements applied to the base spec, in order, each of text that occurs in it.
    var edits: [Edit]
    /// A change of this kind must be among the diff's changes.
    var kind: String
    /// The worst wire and Swift verdicts among the diff's changes.
    var wire: Compatibility
    var swift: Compatibility
    /// The body of `static func run(client: NS.Client) async throws`; `NS` is the namespace, and
    /// `card` a `NS.Card` the client fetched.
    var app: String

    struct Edit: Sendable {
        var old: String
        var new: String
    }

    var description: String { name }

    init(
        _ name: String, _ edits: [(String, String)], kind: String, wire: Compatibility, swift: Compatibility,
        app: String
    ) {
        self.name = name
        self.edits = edits.map { Edit(old: $0.0, new: $0.1) }
        self.kind = kind
        self.wire = wire
        self.swift = swift
        self.app = app
    }

    /// The old spec, with `namespace` as the service's Swift name.
    func oldSpec(namespace: String) -> String { SpecDiffTable.base.replacingOccurrences(of: "NS", with: namespace) }

    /// The new spec: the base with every edit made.
    func newSpec(namespace: String) -> String {
        var text = SpecDiffTable.base
        for edit in edits { text = text.replacingOccurrences(of: edit.old, with: edit.new) }
        return text.replacingOccurrences(of: "NS", with: namespace)
    }

    /// Whether every edit finds its text in the base, so no row tests the base against itself.
    var editsApply: Bool {
        var text = SpecDiffTable.base
        for edit in edits {
            guard text.contains(edit.old) else { return false }
            text = text.replacingOccurrences(of: edit.old, with: edit.new)
        }
        return true
    }

    /// The app source for the namespace, in an enum of its own so many rows share one module.
    func appSource(namespace: String) -> String {
        let body = app.replacingOccurrences(of: "NS.", with: "\(namespace).")
        return """
            import DiffKit
            import Foundation

            enum App\(namespace) {
                static func run(client: \(namespace).Client) async throws {
                    let card = try await client.getCard(id: "1")
                    _ = card
                    \(body)
                }
            }

            """
    }
}

enum SpecDiffTable {
    /// The spec every row starts from: a response type (`Card`), a request type (`Order`), a closed
    /// and an open enum, a union, a value type with rules, two endpoints and two errors.
    static let base = #"""
        {
          "specsmith": 1,
          "service": {
            "name": "NS", "module": "DiffKit", "mockModule": "DiffKitMock",
            "hosts": {"api": {}},
            "environments": {"production": {"urls": {"api": "https://api.example"}}},
            "auth": {"key": {"kind": "appKey", "header": "X-Key"}},
            "defaultAuth": []
          },
          "types": {
            "Card": {"kind": "struct", "fields": {"number": "string", "holder": "string?", "status": "Status", "flavor": "Flavor", "pick": "Pick?"}},
            "Order": {"kind": "struct", "fields": {"amount": "int", "note": "string?", "quantity": {"type": "int", "default": 1}, "size": "Amount?"}},
            "Status": {"kind": "enum", "open": false, "cases": {"active": "ACTIVE", "blocked": "BLOCKED"}},
            "Flavor": {"kind": "enum", "cases": {"vanilla": "VANILLA", "chocolate": "CHOCOLATE"}},
            "Amount": {"kind": "value", "base": "int", "minimum": 1, "maximum": 100, "constants": {"one": 1}},
            "Pick": {"kind": "union", "discriminator": "type", "cases": {"card": {"payload": "string"}, "cash": {}}}
          },
          "endpoints": {
            "placeOrder": {"method": "POST", "path": "/orders", "request": "Order", "response": "Card", "errors": ["SOLD_OUT"]},
            "getCard": {"method": "GET", "path": "/cards/{id}", "parameters": {"id": {"in": "path", "type": "string"}, "verbose": {"in": "query", "type": "bool?"}}, "response": "Card"}
          },
          "errors": {
            "SOLD_OUT": {"code": 10, "message": "Sold out."},
            "EXPIRED": {"code": 11, "message": "Expired."}
          }
        }
        """#

    static let placeOrder = "_ = try await client.placeOrder(NS.Order(amount: 5))"
    static let makeCard = "_ = NS.Card(number: \"1\", status: .active, flavor: .vanilla)"
    static let makeOrder = "_ = NS.Order(amount: 5)"
    static let switchStatus = "switch card.status {\ncase .active: break\ncase .blocked: break\n}"
    static let getCardEndpoint = #""getCard": {"method": "GET", "path": "/cards/{id}", "#
    static let verbose = #""verbose": {"in": "query", "type": "bool?"}"#

    static let rows: [SpecDiffRow] = [
        // MARK: Endpoints, hosts, auth, parameters
        SpecDiffRow(
            "endpoint added",
            [
                (
                    #""placeOrder": {"#,
                    #""deleteCard": {"method": "DELETE", "path": "/cards/{id}", "parameters": {"id": {"in": "path", "type": "string"}}},"#
                        + "\n" + #""placeOrder": {"#
                )
            ], kind: "endpoint.added", wire: .potentiallyBreaking, swift: .compatible, app: ""),
        SpecDiffRow(
            "endpoint removed",
            [
                (
                    #""placeOrder": {"method": "POST", "path": "/orders", "request": "Order", "response": "Card", "errors": ["SOLD_OUT"]},"#,
                    ""
                )
            ], kind: "endpoint.removed", wire: .breaking, swift: .breaking, app: placeOrder),
        SpecDiffRow(
            "endpoint renamed in Swift, wire kept", [(#""getCard": {"#, #""fetchCard": {"#)], kind: "endpoint.renamed",
            wire: .compatible, swift: .breaking, app: ""),
        SpecDiffRow(
            "endpoint path changed, Swift kept", [(#""/cards/{id}""#, #""/v2/cards/{id}""#)],
            kind: "endpoint.route.changed", wire: .breaking, swift: .compatible, app: ""),
        SpecDiffRow(
            "endpoint method changed, Swift kept", [(#""POST", "path": "/orders""#, #""PUT", "path": "/orders""#)],
            kind: "endpoint.route.changed", wire: .breaking, swift: .compatible, app: placeOrder),
        SpecDiffRow(
            "host added",
            [
                (#""hosts": {"api": {}}"#, #""hosts": {"api": {}, "files": {}}"#),
                (
                    #"{"api": "https://api.example"}"#,
                    #"{"api": "https://api.example", "files": "https://files.example"}"#
                ),
            ], kind: "host.added", wire: .compatible, swift: .potentiallyBreaking,
            app: #"_ = NS.Environment.custom(URL(string: "https://mock.example")!)"#),
        SpecDiffRow(
            "auth required on an endpoint", [(getCardEndpoint, getCardEndpoint + #""auth": ["key"], "#)],
            kind: "endpoint.auth.added", wire: .breaking, swift: .compatible, app: ""),
        SpecDiffRow(
            "app key becomes HTTP Basic",
            [(#""key": {"kind": "appKey", "header": "X-Key"}"#, #""key": {"kind": "basic"}"#)],
            kind: "auth.changed", wire: .breaking, swift: .breaking,
            app: #"_ = NS.Client(environment: .production, appKey: "k")"#),
        SpecDiffRow(
            "required parameter added", [(verbose, verbose + #", "expand": {"in": "query", "type": "string"}"#)],
            kind: "parameter.added", wire: .breaking, swift: .breaking, app: ""),
        SpecDiffRow(
            "optional parameter added", [(verbose, verbose + #", "expand": {"in": "query", "type": "string?"}"#)],
            kind: "parameter.added", wire: .compatible, swift: .compatible, app: ""),
        SpecDiffRow(
            "parameter renamed in Swift, wire kept",
            [(verbose, #""detailed": {"in": "query", "wire": "verbose", "type": "bool?"}"#)], kind: "parameter.renamed",
            wire: .compatible, swift: .breaking, app: "_ = try await client.getCard(id: \"1\", verbose: true)"),
        SpecDiffRow(
            "parameter renamed on the wire, Swift kept",
            [(verbose, #""verbose": {"in": "query", "wire": "full", "type": "bool?"}"#)],
            kind: "parameter.wire.renamed",
            wire: .breaking, swift: .compatible, app: "_ = try await client.getCard(id: \"1\", verbose: true)"),

        // MARK: Fields
        SpecDiffRow(
            "required response field added", [(#""pick": "Pick?"}"#, #""pick": "Pick?", "issuer": "string"}"#)],
            kind: "field.added", wire: .breaking, swift: .breaking, app: makeCard),
        SpecDiffRow(
            "optional response field added", [(#""pick": "Pick?"}"#, #""pick": "Pick?", "issuer": "string?"}"#)],
            kind: "field.added", wire: .compatible, swift: .compatible, app: makeCard),
        SpecDiffRow(
            "required request field added", [(#""size": "Amount?"}"#, #""size": "Amount?", "currency": "string"}"#)],
            kind: "field.added", wire: .breaking, swift: .breaking, app: makeOrder),
        SpecDiffRow(
            "optional response field removed", [(#""holder": "string?", "#, "")], kind: "field.removed",
            wire: .compatible, swift: .breaking, app: "_ = card.holder"),
        SpecDiffRow(
            "required response field removed", [(#""number": "string", "#, "")], kind: "field.removed",
            wire: .breaking, swift: .breaking, app: "_ = card.number"),
        SpecDiffRow(
            "field renamed in Swift, wire kept",
            [(#""number": "string""#, #""pan": {"type": "string", "wire": "number"}"#)],
            kind: "field.renamed", wire: .compatible, swift: .breaking, app: "_ = card.number"),
        SpecDiffRow(
            "field renamed on the wire, Swift kept",
            [(#""number": "string""#, #""number": {"type": "string", "wire": "cardNumber"}"#)],
            kind: "field.wire.renamed", wire: .breaking, swift: .compatible, app: "_ = card.number\n" + makeCard),
        SpecDiffRow(
            "response field made required", [(#""holder": "string?""#, #""holder": "string""#)], kind: "field.required",
            wire: .breaking, swift: .breaking, app: "if let holder = card.holder { _ = holder }"),
        SpecDiffRow(
            "response field made optional", [(#""number": "string""#, #""number": "string?""#)], kind: "field.optional",
            wire: .breaking, swift: .breaking, app: "let number: String = card.number\n_ = number"),
        SpecDiffRow(
            "request field made optional", [(#""amount": "int""#, #""amount": "int?""#)], kind: "field.optional",
            wire: .breaking, swift: .potentiallyBreaking, app: makeOrder),
        SpecDiffRow(
            "response field made nullable",
            [(#""number": "string""#, #""number": {"type": "string", "nullable": true}"#)],
            kind: "field.nullable", wire: .breaking, swift: .breaking,
            app: "let number: String = card.number\n_ = number"),
        SpecDiffRow(
            "field type changed", [(#""amount": "int""#, #""amount": "string""#)], kind: "field.type.changed",
            wire: .breaking, swift: .breaking, app: makeOrder),
        SpecDiffRow(
            "field widened from int to int64", [(#""amount": "int""#, #""amount": "int64""#)],
            kind: "field.type.changed",
            wire: .compatible, swift: .breaking, app: "let amount: Int = 5\n_ = NS.Order(amount: amount)"),
        SpecDiffRow(
            "default added", [(#""amount": "int""#, #""amount": {"type": "int", "default": 1}"#)],
            kind: "field.default.added", wire: .compatible, swift: .compatible, app: makeOrder),
        SpecDiffRow(
            "default removed", [(#""quantity": {"type": "int", "default": 1}"#, #""quantity": "int""#)],
            kind: "field.default.removed", wire: .compatible, swift: .breaking, app: makeOrder),
        SpecDiffRow(
            "default changed",
            [(#""quantity": {"type": "int", "default": 1}"#, #""quantity": {"type": "int", "default": 2}"#)],
            kind: "field.default.changed", wire: .potentiallyBreaking, swift: .potentiallyBreaking, app: makeOrder),

        // MARK: Enums and unions
        SpecDiffRow(
            "closed enum case added", [(#""blocked": "BLOCKED"}"#, #""blocked": "BLOCKED", "frozen": "FROZEN"}"#)],
            kind: "enum.case.added", wire: .breaking, swift: .breaking, app: switchStatus),
        SpecDiffRow(
            "open enum case added", [(#""chocolate": "CHOCOLATE"}"#, #""chocolate": "CHOCOLATE", "mint": "MINT"}"#)],
            kind: "enum.case.added", wire: .compatible, swift: .breaking,
            app: "switch card.flavor {\ncase .vanilla, .chocolate, .unknown: break\n}"),
        SpecDiffRow(
            "enum case removed", [(#", "blocked": "BLOCKED""#, "")], kind: "enum.case.removed", wire: .breaking,
            swift: .breaking, app: "_ = NS.Status.blocked"),
        SpecDiffRow(
            "enum case renamed in Swift, wire kept", [(#""blocked": "BLOCKED""#, #""suspended": "BLOCKED""#)],
            kind: "enum.case.renamed", wire: .compatible, swift: .breaking, app: "_ = NS.Status.blocked"),
        SpecDiffRow(
            "enum value changed on the wire, Swift kept", [(#""blocked": "BLOCKED""#, #""blocked": "SUSPENDED""#)],
            kind: "enum.case.wire.changed", wire: .breaking, swift: .compatible, app: switchStatus),
        SpecDiffRow(
            "closed enum opened", [(#""open": false, "#, "")], kind: "enum.opened", wire: .compatible, swift: .breaking,
            app: switchStatus),
        SpecDiffRow(
            "union case added", [(#""cash": {}}"#, #""cash": {}, "voucher": {"payload": "string"}}"#)],
            kind: "union.case.added", wire: .breaking, swift: .breaking,
            app: "if let pick = card.pick {\nswitch pick {\ncase .card: break\ncase .cash: break\n}\n}"),
        SpecDiffRow(
            "union case renamed in Swift, wire kept", [(#""cash": {}"#, #""money": {"wire": "cash"}"#)],
            kind: "union.case.renamed", wire: .compatible, swift: .breaking, app: "_ = NS.Pick.cash"),

        // MARK: Value rules
        SpecDiffRow(
            "value rule tightened", [(#""maximum": 100"#, #""maximum": 50"#)], kind: "value.rule.tightened",
            wire: .breaking, swift: .potentiallyBreaking, app: "_ = try NS.Amount(validating: 5)"),
        SpecDiffRow(
            "value rule loosened", [(#""maximum": 100"#, #""maximum": 1000"#)], kind: "value.rule.loosened",
            wire: .breaking, swift: .compatible, app: "_ = try NS.Amount(validating: 5)"),
        SpecDiffRow(
            "value constant removed", [(#", "constants": {"one": 1}"#, "")], kind: "value.constant.removed",
            wire: .compatible, swift: .breaking, app: "_ = NS.Amount.one"),

        // MARK: Errors
        SpecDiffRow(
            "error code added",
            [(#""EXPIRED": {"#, #""LIMIT": {"code": 12, "message": "Limit."},"# + "\n" + #""EXPIRED": {"#)],
            kind: "error.added", wire: .compatible, swift: .compatible, app: "_ = NS.ErrorCode.soldOut"),
        SpecDiffRow(
            "error code removed", [(#","# + "\n    " + #""EXPIRED": {"code": 11, "message": "Expired."}"#, "")],
            kind: "error.removed", wire: .compatible, swift: .breaking, app: "_ = NS.ErrorCode.expired"),
        SpecDiffRow(
            "error renamed in Swift, code kept", [(#""code": 11, "#, #""code": 11, "swiftName": "timedOut", "#)],
            kind: "error.renamed", wire: .compatible, swift: .breaking, app: "_ = NS.ErrorCode.expired"),
        SpecDiffRow(
            "error made retryable", [(#""code": 10, "#, #""code": 10, "retryable": true, "#)],
            kind: "error.retryable.changed", wire: .potentiallyBreaking, swift: .compatible,
            app: "_ = NS.ErrorCode.soldOut"),

        // MARK: Types and behaviour
        SpecDiffRow(
            "type renamed in Swift, wire kept",
            [(#""Status": {"#, #""CardStatus": {"#), (#""status": "Status""#, #""status": "CardStatus""#)],
            kind: "type.renamed", wire: .compatible, swift: .breaking,
            app: "let status: NS.Status = .active\n_ = status"),
        SpecDiffRow(
            "endpoint made idempotent", [(#""path": "/orders", "#, #""path": "/orders", "idempotent": true, "#)],
            kind: "endpoint.idempotent.changed", wire: .potentiallyBreaking, swift: .compatible, app: placeOrder),
    ]
}
