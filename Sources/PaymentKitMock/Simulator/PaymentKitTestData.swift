// Hand-written: the mock's test-data table, as public constants so tests and examples name them.

/// The test cards and credentials of `PaymentKitMock`; the module README lists the same table.
///
/// Every card is Luhn-valid and takes any future expiry, any name and a security code of its
/// brand's length.
public enum PaymentKitTestCards {
    /// Visa: frictionless 3-D Secure, paid.
    public static let frictionless = "4111111111111111"
    /// Mastercard: the issuer asks for a challenge; `approve`, `deny` or `cancel` on its page.
    public static let challenge = "5555555555554444"
    /// Visa: declined by the issuer without a challenge.
    public static let declined = "4000000000000002"
    /// American Express: the shop does not accept the brand (`BRAND_NOT_ACCEPTED`).
    public static let brandNotAccepted = "378282246310005"
    /// Visa: a challenge whose approval leaves the session `confirmed_3ds`, never completed: unresolved.
    public static let pendingAfterChallenge = "4000000000003220"
    /// Visa: creating its card session takes ``PaymentKitSimulator/slowCardDelay`` (10 s unless a
    /// test sets it), long enough to hit the SDK's deadline; then it pays frictionlessly.
    public static let slow = "4000000000000077"
}

/// The merchant side of the mock.
public enum PaymentKitTestData {
    /// The gateway key the merchant's backend sends in `X-Merchant-Key`.
    public static let merchantKey = "mk_test_paymentkit"
    /// The brands the test shop accepts: every brand but American Express.
    public static let rejectedBrand = "american_express"
}
