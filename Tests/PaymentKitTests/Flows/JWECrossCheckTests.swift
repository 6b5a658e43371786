import Foundation
import PaymentKit
import PaymentKitMock
import PaymentKitTesting
import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// Python's jwcrypto decrypts the SDK's card JWE, and the mock decrypts one jwcrypto made.
@Suite(.enabled(if: JWCrypto.isInstalled, "needs Python's jwcrypto (.ci/run installs it)"))
struct JWECrossCheckTests {
    @Test func jwcryptoDecryptsTheSDKsCard() async throws {
        try await PaymentFixture.with { fixture in
            let captured = Recorder<String?>(nil)
            let kit = PaymentKit(configuration: fixture.configuration, middlewares: [CardCapture(into: captured)])
            let result = await kit.startCardPayment(
                try await fixture.newPayment(), card: PaymentFixture.card(PaymentKitTestCards.frictionless),
                from: .approve)
            #expect(result.outcome == .succeeded)
            let compact = try #require(captured.value)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pk-jwe-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let pem = folder.appendingPathComponent("key.pem")
            try fixture.mock.simulator.cardKeyPEM().write(to: pem, atomically: true, encoding: .utf8)
            // The script prints only "ok" or what is wrong, never the card.
            let output = try await JWCrypto.run(
                JWCrypto.check, [pem.path, PaymentKitTestCards.frictionless, fixture.mock.simulator.cardKeyID],
                input: compact)
            #expect(output == "ok")
        }
    }

    @Test func theMockDecryptsJWCryptosCard() async throws {
        try await PaymentFixture.with { fixture in
            let jwk = try await fixture.app.cardEncryptionKey()
            let json = try JSONSerialization.data(withJSONObject: [
                "kty": jwk.keyType, "kid": jwk.keyID, "n": jwk.modulus, "e": jwk.exponent,
            ])
            let compact = try await JWCrypto.run(
                JWCrypto.encrypt, [PaymentKitTestCards.challenge], input: String(decoding: json, as: UTF8.self))
            let request = try await fixture.newPayment()
            let session = try await fixture.app.createCardSession(
                .init(
                    paymentID: try .init(validating: request.paymentId), verificationKey: request.verificationKey,
                    encryptedCard: try .init(validating: compact)))
            #expect(session.session.state == .created)
            #expect(session.session.card == .init(brand: "mastercard", lastFour: "4444"))
        }
    }
}

/// Keeps the JWE the SDK sends, for the cross-check only.
struct CardCapture: TransportMiddleware {
    let into: Recorder<String?>

    func intercept(
        _ request: TransportRequest, operation: WireOperation,
        next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
    ) async throws(TransportFailure) -> TransportResponse {
        if operation.name == "createCardSession", let body = request.body,
            let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        {
            into.update { $0 = object["encrypted_card"] as? String }
        }
        return try await next(request)
    }
}

enum JWCrypto {
    static let isInstalled: Bool =
        (try? Subprocess.run("/usr/bin/env", ["python3", "-c", "import jwcrypto"]).status) == 0

    static let check = """
        import sys, json, datetime
        from jwcrypto import jwk, jwe
        key = jwk.JWK.from_pem(open(sys.argv[1], 'rb').read())
        token = jwe.JWE()
        token.deserialize(sys.stdin.read().strip(), key=key)
        header = token.jose_header
        payload = json.loads(token.payload)
        age = datetime.datetime.now(datetime.timezone.utc) - datetime.datetime.fromisoformat(
            payload['generated_at'].replace('Z', '+00:00'))
        problems = []
        if header.get('alg') != 'RSA-OAEP-256' or header.get('enc') != 'A256GCM': problems.append('algorithms')
        if header.get('kid') != sys.argv[3]: problems.append('kid')
        if payload.get('card_number') != sys.argv[2]: problems.append('card_number differs')
        if not payload.get('security_code') or not payload.get('expiry_month'): problems.append('fields')
        if abs(age.total_seconds()) > 120: problems.append('generated_at')
        print('ok' if not problems else ', '.join(problems), end='')
        """

    static let encrypt = """
        import sys, json, datetime
        from jwcrypto import jwk, jwe
        key = jwk.JWK(**json.loads(sys.stdin.read()))
        now = datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')
        payload = {'cardholder_name': 'Jonas Jonaitis', 'card_number': sys.argv[1], 'expiry_month': '12',
                   'expiry_year': '39', 'security_code': '123', 'generated_at': now}
        token = jwe.JWE(json.dumps(payload).encode(), protected=
                        json.dumps({'alg': 'RSA-OAEP-256', 'enc': 'A256GCM', 'kid': key.key_id}))
        token.add_recipient(key)
        print(token.serialize(compact=True), end='')
        """

    /// Runs a Python script with `input` on stdin and returns what it printed.
    static func run(_ script: String, _ arguments: [String], input: String) async throws -> String {
        try await blocking {
            let run = try Subprocess.run(
                "/usr/bin/env", ["python3", "-c", script] + arguments, input: Data(input.utf8))
            return String(decoding: run.output, as: UTF8.self)
        }
    }
}
