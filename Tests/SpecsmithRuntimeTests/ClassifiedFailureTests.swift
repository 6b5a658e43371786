import Foundation
import SpecsmithRuntime
import Testing

/// A failure declared the way the generator declares one: its parts and its tables, nothing else.
private struct ShopFailure: ClassifiedFailure {
    struct ErrorCode: ServiceErrorCode {
        let rawValue: Int
        static let catalog: [Int: ErrorCodeInfo] = [
            1001: ErrorCodeInfo(name: "INVALID_SESSION", message: "Start again.", category: .session, status: 401),
            1049: ErrorCodeInfo(name: "INVALID_CURRENCY", message: "Unknown currency."),
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

    init(kind: FailureKind, message: String, operation: String, detail: String, code: ErrorCode? = nil) {
        self.kind = kind
        self.message = message
        self.operation = operation
        self.detail = detail
        self.code = code
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
}
