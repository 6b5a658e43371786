import Foundation
import SpecsmithCore
import SpecsmithTesting
import Testing

/// The engine on what the fixture table does not hold: a type that travels both ways, OTP results,
/// pagination, the backend client, idempotency keys, and how the bump is worked out.
@Suite struct SpecDiffEngineTests {
    /// The diff from `old` to `old` with each edit made; both must lint clean.
    func diff(
        _ old: String, _ edits: [(String, String)], reexports: [String: Set<String>] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SpecDiff {
        var new = old
        for (from, to) in edits {
            #expect(new.contains(from), "no \(from) to edit", sourceLocation: sourceLocation)
            new = new.replacingOccurrences(of: from, with: to)
        }
        let was = SpecLoader.load(text: old, path: "old.json")
        let now = SpecLoader.load(text: new, path: "new.json")
        return SpecDiff(
            old: try #require(
                was.validSpec, "\(was.diagnostics.rendered(file: "old.json"))", sourceLocation: sourceLocation),
            new: try #require(
                now.validSpec, "\(now.diagnostics.rendered(file: "new.json"))", sourceLocation: sourceLocation),
            reexports: reexports)
    }

    var base: String { SpecDiffTable.base.replacingOccurrences(of: "NS", with: "Shop") }

    var golden: String {
        get throws {
            try String(
                contentsOf: repositoryRoot.appendingPathComponent("Tests/Golden/everything.json"), encoding: .utf8)
        }
    }

    func only(_ diff: SpecDiff, _ kind: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SpecChange
    {
        let text = diff.text(DiffSides(old: "old.json", new: "new.json"))
        #expect(diff.changes.count == 1, "\(text)", sourceLocation: sourceLocation)
        let change = try #require(diff.changes.first, sourceLocation: sourceLocation)
        #expect(change.kind == kind, "\(text)", sourceLocation: sourceLocation)
        return change
    }

    @Test func aFieldAddedToATypeBothWaysBreaksBothDirections() throws {
        let both = base.replacingOccurrences(
            of: #""getCard": {"#,
            with: #""putCard": {"method": "PUT", "path": "/cards", "request": "Card"},"# + "\n" + #""getCard": {"#)
        let change = try only(
            try diff(both, [(#""pick": "Pick?"}"#, #""pick": "Pick?", "issuer": "string"}"#)]), "field.added")
        #expect(change.wire.oldClients.compatibility == .breaking)
        #expect(change.wire.oldClients.reason == "old clients do not send `issuer`")
        #expect(change.wire.newClients.compatibility == .breaking)
        #expect(change.wire.newClients.reason == "an old server does not send `issuer`, which new clients require")
    }

    @Test func aResponseFieldAddedBreaksOnlyNewClientsAndNeedsTheServerFirst() throws {
        let diff = try diff(base, [(#""amount": "int""#, #""amount": "int?""#)])
        let change = try only(diff, "field.optional")
        #expect(change.wire.oldClients.compatibility == .compatible)
        #expect(change.wire.newClients.compatibility == .breaking)
        #expect(diff.bump == .minor)
        #expect(
            diff.bumpReason
                == "1 change adds to the API or may break some uses; nothing breaks code that compiles today or apps "
                + "already shipped. 1 change needs the server to follow the new spec before apps ship the new SDK.")
    }

    @Test func bumps() throws {
        #expect(try diff(base, [(#""pick": "Pick?"}"#, #""pick": "Pick?", "issuer": "string?"}"#)]).bump == .minor)
        #expect(try diff(base, [(#""message": "Sold out.""#, #""message": "All gone.""#)]).bump == .patch)
        #expect(try diff(base, [(#""number": "string""#, #""number": "int""#)]).bump == .major)
        #expect(try diff(base, []).bump == .none)
    }

    @Test func idempotencyKeyAdded() throws {
        let change = try only(
            try diff(base, [(#""path": "/orders", "#, #""path": "/orders", "idempotencyKey": "Idempotency-Key", "#)]),
            "endpoint.idempotencyKey.changed")
        #expect(change.wire.oldClients.compatibility == .potentiallyBreaking)
        #expect(change.swift.compatibility == .compatible)
    }

    @Test func aFormInPlaceOfJSONBreaksTheWire() throws {
        let change = try only(
            try diff(
                base,
                [(#""path": "/orders", "#, #""path": "/orders", "contentType": "application/x-www-form-urlencoded", "#)]
            ),
            "endpoint.contentType.changed")
        #expect(change.wire.compatibility == .breaking && change.swift.compatibility == .compatible)
    }

    @Test func aPinnedVersionThatChangesMayChangeTheAnswers() throws {
        let pinned = #""defaultAuth": [], "headers": {"X-Version": "1"}"#
        let added = try only(try diff(base, [(#""defaultAuth": []"#, pinned)]), "service.header.changed")
        #expect(added.wire.oldClients.compatibility == .potentiallyBreaking)
        let moved = try diff(
            base.replacingOccurrences(of: #""defaultAuth": []"#, with: pinned),
            [(#""X-Version": "1""#, #""X-Version": "2""#)])
        #expect(try only(moved, "service.header.changed").summary.contains("instead of `1`"))
    }

    @Test func otpResultChangedBreaksSwift() throws {
        let change = try only(
            try diff(golden, [(#""resend": "resendCode", "result": "order" }"#, #""resend": "resendCode" }"#)]),
            "otp.result.changed")
        #expect(change.swift.compatibility == .breaking)
        #expect(change.wire.compatibility == .compatible)
    }

    @Test func paginationRemovedBreaksThePagesMethod() throws {
        let declaration = #""pagination": { "style": "page", "page": "pageNumber" },"#
        let change = try only(try diff(golden, [(declaration, "")]), "endpoint.pagination.removed")
        #expect(change.swift.compatibility == .breaking)
        // Where the old spec declared it, whatever else the golden fixture gains above it.
        let line = try golden.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains(declaration) }.map { $0 + 1 }
        #expect(change.oldLocation?.line == line)
    }

    @Test func movingAnEndpointToTheBackendBreaksAppCode() throws {
        let diff = try diff(
            base,
            [
                (#""module": "DiffKit", "#, #""module": "DiffKit", "backendModule": "DiffKitBackend", "#),
                (#""path": "/orders", "#, #""path": "/orders", "backendOnly": true, "auth": ["key"], "#),
            ])
        #expect(diff.changes.map(\.kind) == ["endpoint.auth.added", "endpoint.backendOnly.changed"])
        #expect(diff.changes.map(\.swift.compatibility) == [.compatible, .breaking])
        #expect(diff.changes.map(\.wire.compatibility) == [.breaking, .compatible])
    }

    /// A module renamed in the spec breaks `import` lines, unless the package keeps a module of the
    /// old name that re-exports the new one (as OpenNotification re-exports OpenNotificationCore).
    @Test func aRenamedModuleBreaksImportsUnlessTheOldNameReExportsTheNewOne() throws {
        let rename = [(#""module": "DiffKit", "#, #""module": "DiffKitCore", "#)]
        let bare = try only(try diff(base, rename), "service.module.renamed")
        #expect(bare.swift.compatibility == .breaking)
        let kept = try only(
            try diff(base, rename, reexports: ["DiffKit": ["DiffKitCore", "SpecsmithRuntime"]]),
            "service.module.renamed")
        #expect(kept.swift.compatibility == .compatible)
        #expect(kept.wire.compatibility == .compatible)
    }
}
