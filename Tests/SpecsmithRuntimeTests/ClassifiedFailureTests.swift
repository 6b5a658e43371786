import Foundation
@_spi(Generated) import SpecsmithRuntime
import Testing

/// A failure declared the way the generator declares one: its parts and its tables, nothing else.
private struct ShopFailure: ClassifiedFailure {
    struct ErrorCode: ServiceErrorCode {
        let rawValue: ErrorCodeValue
        static let catalog: [ErrorCodeValue: ErrorCodeInfo] = [
            1001: ErrorCodeInfo(name: "INVALID_SESSION", message: "Start again.", category: .session, status: 401),
            1049: ErrorCodeInfo(name: "INVALID_CURRENCY", message: "Unknown currency."),
            404: ErrorCodeInfo(name: "NOT_FOUND", message: "No such thing.", status: 404, byStatus: true),
            401: ErrorCodeInfo(
                name: "UNAUTHORIZED", message: "Sign in.", category: .session, status: 401, byStatus: true),
            403: ErrorCodeInfo(name: "FORBIDDEN", message: "No.", status: 403, byStatus: true),
            "RATE_LIMITED": ErrorCodeInfo(
                name: "RATE_LIMITED", message: "Slow down.", status: 403, byStatus: true,
                when: .header("X-RateLimit-Remaining", equals: "0")),
            "IN_REVIEW": ErrorCodeInfo(
                name: "IN_REVIEW", message: "Wait.", status: 403, byStatus: true,
                when: .field("error.reason", equals: "review")),
        ]
    }

    static let messages = FailureMessages(
        transport: "Offline.", invalidResponse: "Odd answer.", invalidRequest: "Bad request.", session: "No session.",
        encryption: "Cannot encrypt.", server: "Server trouble.")

    var kind: FailureKind
    var message: String
    var operation: String
    var detail: String
    var code: ErrorCode?
    var response: FailureResponse?

    init(
        kind: FailureKind, message: String, operation: String, detail: String, code: ErrorCode? = nil,
        response: FailureResponse? = nil
    ) {
        self.kind = kind
        self.message = message
        self.operation = operation
        self.detail = detail
        self.code = code
        self.response = response
    }
}

@Suite struct ClassifiedFailureTests {
    private func failure(_ reason: ClientFailure.Reason) -> ShopFailure {
        ShopFailure(ClientFailure(operation: "pay", reason: reason))
    }

    @Test func aKnownSessionCodeIsASessionFailureWithTheCataloguesMessage() {
        let failure = failure(.server(code: 1001, message: ""))
        #expect(failure.kind == .session)
        #expect(failure.message == "Start again.")
        #expect(failure.code == ShopFailure.ErrorCode(rawValue: 1001))
        #expect(failure.code?.info?.name == "INVALID_SESSION")
        #expect(failure.operation == "pay")
    }

    @Test func theServersOwnMessageWinsAndAnUnknownCodeIsAServerFailure() {
        let failure = failure(.server(code: 7, message: "Kasa kapalı."))
        #expect(failure.kind == .server(code: 7))
        #expect(failure.message == "Kasa kapalı.")
        #expect(failure.code?.rawValue == 7)
        #expect(failure.code?.info == nil)
    }

    @Test func failuresWithoutACodeTakeTheServicesWording() {
        #expect(failure(.notAuthenticated).message == "No session.")
        #expect(failure(.notAuthenticated).kind == .session)
        #expect(failure(.status(502)).kind == .invalidResponse)
        #expect(failure(.invalidRequest("x")).message == "Bad request.")
        let offline = failure(.transport(TransportFailure(.timeout, detail: "5 s")))
        #expect(offline.kind == .transport(.timeout))
        #expect(offline.message == "Offline.")
        #expect(offline.code == nil)
    }

    @Test func descriptionIsTheDetailAndTheLocalizedDescriptionIsTheMessage() {
        let failure = failure(.server(code: 1049, message: ""))
        #expect(failure.description == "pay failed: server error 1049: ")
        #expect(failure.errorDescription == "Unknown currency.")
        #expect((failure as any Error).localizedDescription == "Unknown currency.")
    }

    @Test func anErrorWithoutACodeIsNamedByItsStatusWhenTheCatalogueListsIt() {
        let missing = failure(.rejected(status: 404, message: ""))
        #expect(missing.kind == .server(code: 404))
        #expect(missing.code == ShopFailure.ErrorCode(rawValue: 404))
        #expect(missing.code?.info?.name == "NOT_FOUND")
        #expect(missing.message == "No such thing.")
        #expect(missing.description == "pay failed: HTTP status 404 (Not Found)")
        let unauthorized = failure(.rejected(status: 401, message: "Bad credentials"))
        #expect(unauthorized.kind == .session)
        #expect(unauthorized.message == "Bad credentials")
        #expect(unauthorized.description == "pay failed: HTTP status 401 (Unauthorized): Bad credentials")
    }

    @Test func errorsOfOneStatusAreToldApartByAHeaderOrABodyMember() {
        func classified(_ headers: [String: String], _ body: String) -> ShopFailure {
            let answer = FailureResponse(status: 403, headers: headers, body: Data(body.utf8))
            return ShopFailure(
                ClientFailure(operation: "pay", reason: .rejected(status: 403, message: ""), response: answer))
        }
        let limited = classified(["x-ratelimit-remaining": " 0 "], "{}")
        #expect(limited.code == ShopFailure.ErrorCode(rawValue: "RATE_LIMITED") && limited.message == "Slow down.")
        #expect(limited.kind == .server(code: "RATE_LIMITED"))
        #expect(classified([:], #"{"error": {"reason": "review"}}"#).code?.info?.name == "IN_REVIEW")
        // Another value, another place or another type of member is the error the status names.
        for (headers, body) in [
            (["x-ratelimit-remaining": "10"], "{}"), ([:], #"{"reason": "review"}"#),
            ([:], #"{"error": {"reason": ["review"]}}"#), ([:], "not json"),
        ] {
            #expect(classified(headers, body).code == ShopFailure.ErrorCode(rawValue: 403))
        }
    }

    /// A conventional REST API often answers an error with no body at all (an empty 404) or with
    /// text: the status still names the error the spec lists for it, in the catalogue's words.
    @Test func anErrorWithoutAJSONBodyIsNamedByItsStatusWhenTheCatalogueListsIt() {
        let missing = failure(.status(404))
        #expect(missing.kind == .server(code: 404))
        #expect(missing.code?.info?.name == "NOT_FOUND")
        #expect(missing.message == "No such thing.")
        #expect(missing.description == "pay failed: HTTP status 404 without an error body")
        let limited = ShopFailure(
            ClientFailure(
                operation: "pay", reason: .status(403),
                response: FailureResponse(status: 403, headers: ["x-ratelimit-remaining": "0"], body: Data("slow".utf8))
            ))
        #expect(limited.code?.info?.name == "RATE_LIMITED")
        #expect(failure(.status(401)).kind == .session)
        #expect(failure(.status(502)).kind == .invalidResponse)
        #expect(failure(.status(502)).code == nil)
    }

    /// Where the spec knows errors by status alone, a body's `code` is not an error code; where it
    /// declares none at all, the code the body sent is kept as it came.
    @Test func aBodyCodeIsAnErrorCodeOnlyWhereTheSpecHasCodes() {
        let messages = ShopFailure.messages
        let answer = FailureResponse(status: 404, body: Data(#"{"code": 1, "message": "gone"}"#.utf8))
        let failure = ClientFailure(operation: "pet", reason: .server(code: 1, message: "gone"), response: answer)
        let byStatus = failure.classified(
            catalog: [404: ErrorCodeInfo(name: "NOT_FOUND", message: "No pet.", status: 404, byStatus: true)],
            messages: messages)
        #expect(byStatus.kind == .server(code: 404) && byStatus.message == "gone" && byStatus.code == 404)
        // Even a body code that names a catalogue key: the status decides.
        let misleading = ClientFailure(
            operation: "pet", reason: .server(code: 404, message: "oops"),
            response: FailureResponse(status: 500, body: Data(#"{"code": 404}"#.utf8)))
        let classified = misleading.classified(
            catalog: [404: ErrorCodeInfo(name: "NOT_FOUND", message: "No pet.", status: 404, byStatus: true)],
            messages: messages)
        #expect(classified.kind == .server(code: 500) && classified.code == nil)
        let undeclared = failure.classified(catalog: [:], messages: messages)
        #expect(undeclared.kind == .server(code: 1) && undeclared.message == "gone" && undeclared.code == 1)
        #expect(failure.description == "pet failed: server error 1: gone")
    }

    @Test func anUnlistedStatusIsAServerFailureWithoutACode() {
        let failure = failure(.rejected(status: 409, message: ""))
        #expect(failure.kind == .server(code: 409))
        #expect(failure.code == nil)
        #expect(failure.message == "Server trouble.")
    }

    @Test func theFailureKeepsTheAnswerItCameWith() {
        let answer = FailureResponse(status: 429, headers: ["retry-after": "7"], body: Data("{}".utf8))
        let failure = ShopFailure(
            ClientFailure(operation: "pay", reason: .rejected(status: 429, message: ""), response: answer))
        #expect(failure.status == 429)
        #expect(failure.response?[header: "Retry-After"] == "7")
        #expect(!failure.description.contains("{}"))
    }
}
