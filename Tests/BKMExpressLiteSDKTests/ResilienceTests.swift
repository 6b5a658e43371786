import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

@Suite struct ResilienceTests {
    /// The answer to a payment is lost on the way back. The payment start carries an idempotency
    /// key, so the client repeats it with the same key and the mock answers the first answer again:
    /// the app's call succeeds, and controlPayment tells the truth: one charge. An app that repeats
    /// the same transaction itself gets the same answer too.
    @Test func aDroppedConnectionMidPaymentNeverChargesTwice() async throws {
        let fixture = try await MockFixture.start()
        let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
        let cards = try requireCase(try await api.checkStatus(), "linked") {
            if case let .linked(x) = $0 { x } else { nil }
        }
        let card = try #require(cards.first)
        try fixture.mock.service.inject(MockFault(operation: "startPayment", kind: .truncate, times: 1))
        let context = BKMExpress.StartPaymentContext(
            cardID: card.id, security: .none, amount: 75, orderID: "DROP-1", installmentCount: .init(1)!)
        guard case let .control(token) = try await api.startPayment(context: context) else {
            Issue.record("the retried start should answer as the first did")
            return
        }
        let attempts = fixture.mock.service.journal.filter { $0.operation == "startPayment" }
        #expect(attempts.count == 2)
        let keys = attempts.compactMap { $0.headers["idempotency-key"] }
        #expect(keys.count == 2 && keys[0] == keys[1])
        let result = try await api.controlPayment(token: token)
        #expect(result.success && result.orderID == "DROP-1")
        let again = try await api.startPayment(context: context)
        #expect(again == .control(token))
        await fixture.stop()
    }

    @Test func concurrentCallsOnOneAPIObject() async throws {
        let fixture = try await MockFixture.start()
        let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM)
        let cards = try requireCase(try await api.checkStatus(), "linked") {
            if case let .linked(x) = $0 { x } else { nil }
        }
        let card = try #require(cards.first)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<24 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        guard case .linked = try await api.checkStatus() else { return false }
                        return true
                    }
                    let response = try await api.startPayment(
                        context: .init(
                            cardID: card.id, security: .none, amount: Decimal(index), orderID: "CONCURRENT-\(index)",
                            installmentCount: .init(1)!))
                    guard case let .control(token) = response else { return false }
                    return try await api.controlPayment(token: token).orderID == "CONCURRENT-\(index)"
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 24 && results.allSatisfy { $0 })
        await fixture.stop()
    }

    /// Every card number a test uses, in any form it could leak: nowhere in logs, journals,
    /// descriptions, dumps or failures.
    @Test func noCardNumberAppearsInClearAnywhere() async throws {
        try await MockFixture.with { fixture in
            let api = try await fixture.session(gsm: BKMExpressTestData.linkedGSM, consent: true)
            var printed: [String] = []
            for digits in [
                BKMExpressTestData.addedAtOnceCard, BKMExpressTestData.needsOTPCard, BKMExpressTestData.rejectedCard,
            ] {
                let input = BKMExpress.CardNumberInput(api: api)
                input.replaceText(digits)
                let number = try input.cardNumber()
                var dumped = ""
                dump(number, to: &dumped)
                dump(input, to: &dumped)
                printed += [String(describing: number), String(reflecting: number), "\(input)", dumped]
                let context = BKMExpress.StoreCardContext(number: number, expiryDate: MockFixture.expiry, alias: nil)
                printed.append(String(describing: context))
                if let failure = await failure({ () async throws(BKMExpress.Failure) in
                    try await api.storeCard(context: context)
                }) {
                    printed += [failure.message, failure.detail, String(describing: failure)]
                }
            }
            let journal = String(decoding: try WireCoding.encode(fixture.mock.service.journal), as: UTF8.self)
            let everything = (printed + fixture.log.value + [journal]).joined(separator: "\n")
            #expect(journal.contains("<redacted>"))
            for digits in [
                BKMExpressTestData.addedAtOnceCard, BKMExpressTestData.needsOTPCard, BKMExpressTestData.rejectedCard,
            ] {
                #expect(!everything.contains(digits), "a card number appeared in clear")
            }
        }
    }
}

/// The standalone `bkm-express-mock` executable: serves on the port it reports and stops cleanly on SIGTERM.
@Suite struct StandaloneMockTests {
    @Test func servesUntilTerminated() async throws {
        try await withStandaloneMock("bkm-express-mock") { process, firstLine in
            let base = try #require(firstLine.split(separator: " ").last.flatMap { URL(string: String($0)) })
            #expect(firstLine.hasPrefix("bkm-express-mock listening on http://127.0.0.1:"))
            let api = try await BKMExpress.initialize(
                context: .init(
                    authToken: "test_standalone", merchantID: "M", merchantUserID: "u",
                    gsmNo: try .init(BKMExpressTestData.linkedGSM),
                    currencyCode: "TRY", mode: .custom(base)))
            _ = try requireCase(try await api.checkStatus(), "linked") {
                if case let .linked(cards) = $0 { cards } else { nil }
            }
            process.terminate()
            #expect(await blocking { process.waitUntilExit() } == .exit(0))
        }
    }

    /// A test run that dies leaves no mock behind: the mock ends with its standard input.
    @Test func stopsWhenItsStandardInputCloses() async throws {
        let (process, firstLine) = try await launch(
            builtProgram("bkm-express-mock"), ["--port", "0", "--stop-when-stdin-closes"], withInput: true)
        #expect(firstLine.hasPrefix("bkm-express-mock listening on"))
        try process.input?.close()
        #expect(await blocking { process.waitUntilExit() } == .exit(0))
    }
}
