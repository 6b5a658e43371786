import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import SpecsmithRuntime
import SpecsmithTesting

/// Starts a mock per test and opens sessions against it; every log line of every client is kept, so
/// a test can check that no card number ever appeared in clear.
struct MockFixture {
    let mock: BKMExpressMockServer
    let log = Recorder<[String]>([])

    static func start() async throws -> MockFixture {
        MockFixture(mock: try await BKMExpressMockServer.start(port: 0))
    }

    /// Runs `body` against a fresh mock that stops on every path out of it.
    static func with<Result>(_ body: (MockFixture) async throws -> Result) async throws -> Result {
        try await scoped(start, stop: { await $0.stop() }, body)
    }

    var mode: BKMExpress.Mode { .custom(mock.baseURL) }

    func context(gsm: String, currency: String = "TRY", token: String = "test_e2e") throws
        -> BKMExpress.InitializationContext
    {
        BKMExpress.InitializationContext(
            authToken: token, merchantID: BKMExpressTestData.merchantID, merchantUserID: "user-\(gsm)",
            gsmNo: try .init(gsm), currencyCode: currency, mode: mode)
    }

    func session(gsm: String, consent: Bool = false) async throws -> BKMExpress.API {
        let log = log
        let api = try await BKMExpress.initialize(
            context: try context(gsm: gsm),
            middlewares: [LoggingMiddleware(log: { line in log.update { $0.append(line) } })])
        api.setAgreementConsent(consent)
        return api
    }

    func card(_ digits: String, for api: BKMExpress.API) throws -> BKMExpress.CardNumber {
        let input = BKMExpress.CardNumberInput(api: api)
        input.replaceText(digits)
        return try input.cardNumber()
    }

    /// The mock's own page where 3-D Secure ends when a payment names no `successUrl` / `failUrl`.
    func resultPage(approved: Bool, token: BKMExpress.PaymentToken) -> URL? {
        URL(
            string: mock.baseURL.appendingPathComponent("3ds/result").absoluteString
                + "?status=\(approved ? "approved" : "declined")&paymentToken=\(token.rawValue)")
    }

    /// The salary card of ``BKMExpressTestData/linkedGSM``'s wallet.
    static let salaryCardID = BKMExpress.Card.ID(rawValue: "019d2dad-34bc-7b00-959d-0bef3009afa5")!

    /// Starts a payment of `amount` with the salary card, in one installment.
    func pay(
        _ api: BKMExpress.API, _ security: BKMExpress.PaymentSecurity, orderID: String, amount: Decimal = 10,
        successUrl: URL? = nil, failUrl: URL? = nil
    ) async throws(BKMExpress.Failure) -> BKMExpress.StartPaymentResponse {
        try await api.startPayment(
            context: .init(
                cardID: Self.salaryCardID, security: security, amount: amount, orderID: orderID,
                installmentCount: .init(1)!, successUrl: successUrl, failUrl: failUrl))
    }

    static let expiry = try! BKMExpress.CardExpiryDate(month: 12, year: 2031)

    func stop() async {
        await mock.stop()
    }
}

/// The failure a call ends with, or `nil` when it succeeds.
func failure<T>(_ body: () async throws(BKMExpress.Failure) -> T) async -> BKMExpress.Failure? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}
