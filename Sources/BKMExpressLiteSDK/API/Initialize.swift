// Hand-written: the seed's entry point. The spec describes the wire; this file is the SDK's own
// shape around it: the session `initialize` opens, and the API object that carries it.
import Foundation
import SpecsmithCrypto
@_spi(Generated) import SpecsmithRuntime

extension BKMExpress {
    /// Where the SDK talks to: BKM's environments, or your own URL (a mock on loopback, a proxy).
    public enum Mode: Hashable, Sendable {
        /// BKM's test environment.
        case test
        /// BKM's pre-production environment.
        case preprod
        /// BKM's production environment.
        case production
        /// Any base URL of the app-facing API, such as `BKMExpressMockServer`'s.
        case custom(URL)

        package var environment: Environment {
            switch self {
            case .test: .test
            case .preprod: .preprod
            case .production: .production
            case let .custom(url): .custom(api: url, merchant: url)
            }
        }
    }

    /// Thrown when a value given to the SDK breaks its rules, such as a GSM number that is not ten
    /// digits starting with 5.
    public typealias InitializationError = ValueRuleFailure

    /// The parameters of a payment session. Its `description`, `debugDescription` and `dump` show
    /// every parameter but the auth token, which is a credential.
    public struct InitializationContext: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
        CustomReflectable
    {
        /// The token the merchant's backend obtained for this session; never printed.
        public var authToken: String
        /// Your merchant ID at BKM.
        public var merchantID: String
        /// The user's ID in your system.
        public var merchantUserID: String
        /// The user's phone number: ten digits starting with 5.
        public var gsmNo: GSMNO
        /// An ISO 4217 code in capitals, such as "TRY"; the backend answers `INVALID_CURRENCY` (1049)
        /// for one it does not support.
        public var currencyCode: String
        /// Where the SDK talks to.
        public var mode: Mode

        /// The parameters of a payment session, as the manual's section 4.1 lists them.
        public init(
            authToken: String, merchantID: String, merchantUserID: String, gsmNo: GSMNO, currencyCode: String,
            mode: Mode
        ) {
            self.authToken = authToken
            self.merchantID = merchantID
            self.merchantUserID = merchantUserID
            self.gsmNo = gsmNo
            self.currencyCode = currencyCode
            self.mode = mode
        }

        public var description: String {
            "InitializationContext(authToken: \(redacted), merchantID: \(merchantID), "
                + "merchantUserID: \(merchantUserID), gsmNo: \(SessionGuard.masked(gsmNo.rawValue)), currencyCode: \(currencyCode), mode: \(mode))"
        }

        public var debugDescription: String { description }

        public var customMirror: Mirror {
            Mirror(
                self,
                children: [
                    "authToken": redacted, "merchantID": merchantID, "merchantUserID": merchantUserID,
                    "gsmNo": gsmNo, "currencyCode": currencyCode, "mode": mode,
                ])
        }
    }

    /// Opens a session and returns the API object for it. The pending agreements and the card
    /// encryption key arrive with it.
    ///
    /// Catch with `catch {`: the error is a ``Failure`` by type. (`catch let error as
    /// BKMExpress.Failure` is always true and can crash Swift 6.3: swiftlang/swift#89577.)
    ///
    /// ```swift
    /// do {
    ///     let api = try await BKMExpress.initialize(context: context)
    ///     showFirstScreen(api)
    /// } catch {
    ///     if case let .server(code) = error.kind, code == 1049 { offerAnotherCurrency() }
    ///     showAlert(error.message)
    /// }
    /// ```
    ///
    /// The session token never reaches app code: `middlewares` see `Bex-Connection: <redacted>` on
    /// every request and `<redacted>` as the token in the answer to `initialize`; the SDK puts the
    /// real token on only after them, and only into requests that ``WireTransport`` sends to the
    /// session's host. Any other `transport` is app code too and gets `<redacted>` as well: use one
    /// for tests that answer requests themselves, and ``WireTransport/init(configuration:)`` to
    /// tune networking.
    ///
    /// - Parameters:
    ///   - context: The session's parameters.
    ///   - transport: How requests travel: ``WireTransport`` unless you bring a test double.
    ///   - middlewares: What every request and answer passes through, such as `LoggingMiddleware`.
    /// - Throws: ``Failure``: `.session` for a refused token, `.server(code: 1049)` for an unsupported
    ///   currency, `.encryption` for an unusable key, `.transport` when BKM cannot be reached.
    public static func initialize(
        context: InitializationContext, transport: any HTTPTransport = WireTransport(),
        middlewares: [any TransportMiddleware] = []
    ) async throws(Failure) -> API {
        let environment = context.mode.environment
        // The guard runs last, nearest the transport, so the app's own middlewares see neither the
        // session token nor the phone number.
        let guarded = SessionGuard(
            transport: transport, home: environment.baseURLs["api"], gsm: context.gsmNo.rawValue)
        let client = Client(environment: environment, transport: guarded, middlewares: middlewares)
        let session: InitializeResponse
        do {
            session = try await client.initialize(
                InitializeRequest(
                    authToken: context.authToken, merchantID: context.merchantID,
                    merchantUserID: context.merchantUserID, gsmNo: context.gsmNo, currencyCode: context.currencyCode))
        } catch {
            throw error.keepingFacts(hiding: context.gsmNo.rawValue)
        }
        let key: RSAPublicKey
        do {
            guard let der = Data(base64Encoded: session.encryptionKey.publicKey) else {
                throw CryptoFailure.invalidKey("the encryption key is not base64")
            }
            key = try RSAPublicKey(der: der, keyID: session.encryptionKey.keyID)
        } catch {
            throw Failure(
                kind: .encryption, message: Failure.messages.encryption, operation: "initialize",
                detail: "initialize failed: unusable encryption key: \(error)")
        }
        return API(client: client, context: context, agreements: session.agreements, encryptionKey: key)
    }
}
