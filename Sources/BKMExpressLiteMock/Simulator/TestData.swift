// Hand-written: the mock's test data, the documented table a test suite or an app developer relies
// on, like a payment provider's test cards. Public, so tests name the values instead of copying them.
import BKMExpressLiteSDK
import Foundation

/// The fixed test data of the BKM Express mock (see the module's README.md).
public enum BKMExpressTestData {
    // MARK: - Phones

    /// Not registered: `checkStatus()` answers `.unregistered`.
    public static let unregisteredGSM = "5000000001"
    /// Registered, not linked; linking needs a LinkOTP.
    public static let linkWithOTPGSM = "5000000002"
    /// Registered, not linked; linking answers `.recheck`, then the wallet is linked with one card.
    public static let linkAtOnceGSM = "5000000003"
    /// Linked, with the cards ``salaryCard`` ("Maaş Kartım") and ``secondCard``.
    public static let linkedGSM = "5000000004"

    // MARK: - Cards

    /// Added at once.
    public static let addedAtOnceCard = "4111111111111111"
    /// Adding it needs a StoreCardOTP.
    public static let needsOTPCard = "5555555555554444"
    /// Rejected with CARD_REJECTED (1202).
    public static let rejectedCard = "4000000000000002"
    /// In the wallet of ``linkedGSM``, alias "Maaş Kartım".
    public static let salaryCard = "4508034508034509"
    /// The alias of ``salaryCard``.
    public static let salaryCardAlias = "Maaş Kartım"
    /// In the wallet of ``linkedGSM``.
    public static let secondCard = "5406675406675403"
    /// In the wallet of ``linkWithOTPGSM`` and, once linked, of ``linkAtOnceGSM``.
    public static let walletCard = "4355084355084358"

    // MARK: - Codes, tokens, amounts

    /// The right code for every OTP; anything else is INVALID_OTP, and the third wrong try spends the OTP.
    public static let otpCode = "123456"
    /// Any auth token beginning with this is accepted by `initialize`, besides tokens the merchant endpoint issued.
    public static let testTokenPrefix = "test_"
    /// The currencies `initialize` accepts; anything else is INVALID_CURRENCY (1049).
    public static let supportedCurrencies: Set<String> = ["TRY", "USD", "EUR"]
    /// Payments of this amount or more always answer `.tds`: the bank decides.
    public static let threeDSecureThreshold = Decimal(1000)
    /// An order ID beginning with this ends with `success == false`.
    public static let declinedOrderPrefix = "DECLINE"
    /// How long a session lives.
    public static let sessionLifetime: TimeInterval = 30 * 60

    // MARK: - The test merchant

    /// The test merchant's ID, for `initialize` and the merchant endpoint.
    public static let merchantID = "TEST_MERCHANT"
    /// The test merchant's private key, which the mock knows the public half of. Test data only:
    /// never a real merchant's key.
    public static let merchantPrivateKeyPEM = """
        -----BEGIN PRIVATE KEY-----
        MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDL1uyJvgsXEk3h
        T1vEtPHpDPIFNpATCTwGwKww4PIEryb04/70oaLlvzc05D6tYC0GiPxBsVIM5h/r
        OEyRF0Ew4+xg2NoN5vDBSyUpjfaOElfCgtB0GnE42JW+whG5QAvytk5eDfrXCmOJ
        sl7K2kkBHbXcb8Pnind2PJlQICwXYSHB2mEoknThtSlXlx8JcQsqW21njqpLKJeb
        xZKvK8FpPOVRzEqCYs+Y/vE+KFHVr/wheo9lxh48Cn7/yVBsE+go0+GfVvJuI5Gz
        NAVXj4GHvb9o6AQzY8ZKmm+aj9qCg/bhmp2HCVA9AfhjoF7PLMzgN8M7A0qQA7RD
        +bctWE1FAgMBAAECggEAAkqxex+ks/GJPZ9s9TUMQ+YDhz/PS99+ihw6yLaRZ1sU
        HDcUrpRt++5JRRzMgETaDL5CiSHgvci36CbzDsM3q5XhxPml2KKAPMlxqq9wFmB/
        axjvFgxsDyBkQpz097kQHqj3uu1Q+ipMPIfsXT8qCKCtuEOWF3GCQ//iFg6z4DQQ
        D6qIbaVNQJWiViWqQ2c3250phrHzQCO0RyMSGkpRoSwfI/kRhEwsrn2okT1uiE9j
        3o0QLAuJ6KlQ84Rfnl0K/9Su2a9jIkN58agrpYTlQW1IHsOAl389XDzgvUqz+AAz
        pX3pX1U44RfU4Dj7UVnH+lPqCqZj8BbyO/14bPU8MQKBgQDrevJ5zIdJT+yATHjy
        gwQBtb9zo6a9lsiOcm9y1F9XrCepK+bLCwz3wgH4RpTcI5l0t7buT7vY1n6t+EsA
        /7/+zmlH1nLCCZcMyumD227syXJd6gIsbi9R9G4urOb4L16YWJjWLMfxlqNUzAdE
        r+go0kReweS82ebtUwPJbXiq+QKBgQDdmiQmh71/G8/eN/55DWjzZNoeEEqdSPnr
        VmGuHmbCR3KV7TE95+Ubw2nuLI9PzKK2rzdc1fs7Tzt2aEGi1ypEbKazmTXmDDRu
        RyiGkpR4X5sogD64U/FGmWBRi9HKZZ3Rwfc6rFUZhF0k7ySGO2A0m0cNpop1dLgy
        11psh4ibrQKBgQDkq94v/TgbL2wBI0IIbsZDStWCXJedYIGeIu6rWiTEJL/W/nT/
        E9oh9tqm2RPRuxhYSddxESjf51vZYVakv7cYoCWIx21llJ6Eo7+kdkD/3JgdLxOx
        RcbaFT2yQeGBfa6kztSMl6wKpTgzLnaYcyJGEfqm8i9IXWptaMIypwYZMQKBgGMl
        tgrvLJ+UR/q6vsZWc6CCfPx6eYfJwNfEfEu1GnDOGrxttVxnRqCXW+vOUAh6HEr0
        Nib5LkCpAIfHuaYr8qNOoX81i2H0D/lPKRicuITq8ba7OlSqagcWVHvnvON7d5MD
        36OGu0SBblM6E/Ni2XZwCuhWnRhUMp28sJ5iPYK5AoGAZb7wfbfquVZ65h5Ftw22
        XJmDqwHb/3ZBCq5+AE2xrav2+KUSsYJOxtcsIq8NruspfYKKyRcw4LBZ8RA+sfSQ
        PsZmrHECPTjv516Mh6Jxo4Sgw1bxlC0/bXFzrE9aAmP5xWGsHPt6sgAegasC3VgG
        6Z+ePoVmH1z5/nmZUYGfhgA=
        -----END PRIVATE KEY-----
        """
}
