import Foundation
import LedgerKit
import LedgerKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime

/// A payments service in memory behind the generated handler: problem details for errors, a card
/// token that declines, refunds accepted to settle later. Counts the charges it makes, so a test can
/// tell a retried payment from a second one.
final class LedgerSimulator: LedgerHandler {
    static let secretKey = "sk_test_fixture"
    static let publishableKey = "pk_test_fixture"
    /// The account whose id and secret key ask for its balance, as HTTP Basic's user-id and password.
    static let accountID = "acct_fixture"
    private let payments = Locked<[Ledger.Payment]>([])
    private let requests = Locked(0)
    private let files = Locked<[String: FilePart]>([:])
    private let clock = Date(timeIntervalSince1970: 1_764_579_600)

    /// How many charges were made.
    var charges: Int { payments.withLock { $0.count } }

    func createPayment(_ request: Ledger.NewPayment, context: MockRequest) async throws(MockFailure)
        -> Reply<Ledger.Payment, Ledger.ServiceHeaders>
    {
        try requireKey(context, header: "x-api-key", Self.secretKey)
        if request.cardToken == "tok_expired" {
            throw Self.problem(402, "Card expired", "The card expired in 2020.", code: "expired_card")
        }
        if request.cardToken.hasPrefix("tok_missing") {
            // As payment APIs word it, the answer repeats the token it was sent.
            throw Self.problem(400, "Invalid request", "No such token: '\(request.cardToken)'")
        }
        if request.cardToken == "tok_decline" {
            // The problem embeds the failed payment, whose last error is the problem again.
            let detail = "The card was declined by its issuer."
            let lastError = Self.problemBody(402, "Card declined", detail, type: "card-declined", code: "card_declined")
            let failed = Ledger.Payment(
                id: "pay_failed", amount: request.amount, currency: request.currency, status: .failed,
                description: request.summary, metadata: .object([:]), createdAt: clock, lastError: lastError)
            var problem = lastError
            problem.payment = failed
            throw MockFailure(
                status: 402, payload: problem, message: detail, headers: ["Content-Type": "application/problem+json"])
        }
        let payment = payments.withLock { payments in
            let payment = Ledger.Payment(
                id: "pay_\(payments.count + 1)", amount: request.amount, currency: request.currency, status: .succeeded,
                description: request.summary, metadata: request.metadata ?? .object([:]),
                // A minute apart, so a filter on the time can tell them apart.
                createdAt: clock.addingTimeInterval(60 * Double(payments.count)))
            payments.append(payment)
            return payment
        }
        return answer(payment)
    }

    /// `body` with the Request-Id every answer of the service carries: `req_` and a count.
    private func answer<Body>(_ body: Body) -> Reply<Body, Ledger.ServiceHeaders> {
        let number = requests.withLock { count in
            count += 1
            return count
        }
        return Reply(body, headers: Ledger.ServiceHeaders(requestID: "req_\(number)"))
    }

    func createCustomer(_ request: Ledger.NewCustomer, context: MockRequest) async throws(MockFailure)
        -> Reply<Ledger.Customer, Ledger.ServiceHeaders>
    {
        try requireKey(context, header: "x-api-key", Self.secretKey)
        let customer = Ledger.Customer(
            id: "cus_1", email: request.email, name: request.name.value, metadata: request.metadata ?? [:],
            preferredLocales: request.preferredLocales ?? [], balance: request.balance ?? 0,
            taxExempt: request.taxExempt ?? false, address: request.address)
        return answer(customer)
    }

    func listPayments(
        startingAfter: String?, createdAfter: Date?, limit: Int?, status: [Ledger.PaymentStatus]?,
        context: MockRequest
    ) async throws(MockFailure) -> Reply<Ledger.PaymentList, Ledger.ServiceHeaders> {
        try requireKey(context, header: "x-api-key", Self.secretKey)
        let all = payments.withLock { $0 }.reversed().filter { payment in
            (status?.contains(payment.status) ?? true) && createdAfter.map { payment.createdAt > $0 } ?? true
        }
        return answer(Ledger.PaymentList(data: Array(all), hasMore: false))
    }

    func payment(id: String, context: MockRequest) async throws(MockFailure)
        -> Reply<Ledger.Payment, Ledger.ServiceHeaders>
    {
        guard context.query["key"] == Self.publishableKey else {
            throw Self.problem(401, "Unauthenticated", "The publishable key is missing or wrong.")
        }
        return answer(try find(id))
    }

    func refundPayment(id: String, _ request: Ledger.NewRefund?, context: MockRequest) async throws(MockFailure)
        -> Reply<Ledger.Refund, Ledger.ServiceHeaders>
    {
        try requireKey(context, header: "x-api-key", Self.secretKey)
        let payment = try find(id)
        return answer(
            Ledger.Refund(id: "re_\(id)", paymentID: id, amount: request?.amount ?? payment.amount, status: .pending))
    }

    func deletePaymentMetadata(id: String, context: MockRequest) async throws(MockFailure)
        -> Reply<Void, Ledger.ServiceHeaders>
    {
        try requireKey(context, header: "x-api-key", Self.secretKey)
        _ = try find(id)
        payments.withLock { payments in
            if let index = payments.firstIndex(where: { $0.id == id }) { payments[index].metadata = .object([:]) }
        }
        return answer(())
    }

    func uploadEvidence(id: String, fileName: String, _ request: Data, context: MockRequest)
        async throws(MockFailure) -> Reply<Ledger.Evidence, Ledger.ServiceHeaders>
    {
        try requireKey(context, header: "x-api-key", Self.secretKey)
        _ = try find(id)
        guard !request.isEmpty else { throw Self.problem(400, "Empty file", "The file has no bytes.") }
        return answer(Ledger.Evidence(id: "ev_\(id)", fileName: fileName, size: request.count))
    }

    func createFile(_ request: Ledger.NewFile, context: MockRequest) async throws(MockFailure)
        -> Reply<Ledger.StoredFile, Ledger.ServiceHeaders>
    {
        try requireKey(context, header: "x-api-key", Self.secretKey)
        let file = request.file
        guard !file.data.isEmpty else { throw Self.problem(400, "Empty file", "The file has no bytes.") }
        if request.purpose == .businessLogo, !["image/png", "image/jpeg"].contains(file.contentType) {
            throw Self.problem(400, "Unsupported file type", "A business logo is a PNG or a JPEG.")
        }
        let id = files.withLock { files in
            let id = "file_\(files.count + 1)"
            files[id] = file
            return id
        }
        let link =
            request.fileLinkData?.create == true ? URL(string: "https://files.ledger.example.com/links/\(id)") : nil
        return answer(
            Ledger.StoredFile(
                id: id, purpose: request.purpose, filename: file.fileName, size: file.data.count,
                type: file.contentType, created: clock, linkURL: link))
    }

    /// The file the simulator keeps under `id`, as it arrived.
    func storedFile(_ id: String) -> FilePart? {
        files.withLock { $0[id] }
    }

    func paymentReceipt(id: String, context: MockRequest) async throws(MockFailure)
        -> Reply<String, Ledger.ServiceHeaders>
    {
        try requireKey(context, header: "x-api-key", Self.secretKey)
        let payment = try find(id)
        return answer(
            "Receipt \(payment.id)\nAmount: \(payment.amount.rawValue) \(payment.currency.rawValue)\nÖdendi ✓\n")
    }

    private func find(_ id: String) throws(MockFailure) -> Ledger.Payment {
        guard let payment = payments.withLock({ $0.first { $0.id == id } }) else {
            throw Self.problem(404, "Not found", "No payment \(id).")
        }
        return payment
    }

    func balance(context: MockRequest) async throws(MockFailure) -> Reply<Ledger.Balance, Ledger.ServiceHeaders> {
        guard let account = context.basicCredentials, account.username == Self.accountID,
            account.password == Self.secretKey
        else {
            throw Self.problem(401, "Unauthenticated", "The account id or secret key is wrong.")
        }
        return answer(Ledger.Balance(available: 125_000, currency: try! .init(validating: "EUR")))
    }

    private func requireKey(_ context: MockRequest, header: String, _ key: String) throws(MockFailure) {
        guard context.header(header) == key else {
            throw Self.problem(401, "Unauthenticated", "The API key is missing or wrong.")
        }
    }

    static func problem(
        _ status: Int, _ title: String, _ detail: String, type: String? = nil, code: String? = nil
    ) -> MockFailure {
        MockFailure(
            status: status, payload: problemBody(status, title, detail, type: type, code: code), message: detail,
            headers: ["Content-Type": "application/problem+json", "Request-Id": "req_failed"])
    }

    static func problemBody(
        _ status: Int, _ title: String, _ detail: String, type: String? = nil, code: String? = nil
    ) -> Ledger.Problem {
        Ledger.Problem(
            type: type.map { URL(string: "https://docs.ledger.example.com/problems/\($0)")! }, title: title,
            status: status, detail: detail, code: code)
    }
}
