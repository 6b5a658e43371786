import Foundation
import SpecsmithCore
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

@testable import SpecsmithGenerator

/// The generator's stages, each a type: a spec, the resolved spec made only from a valid one, the
/// IR (``TranslatedSpec``) and the text; and the spec model in the runtime's own wire vocabulary (envelope, error category, value rule,
/// credential, HTTP method).
@Suite struct PipelineStageTests {
    @Test func aSpecLintRefusesIsNeverResolved() {
        // An OTP variant naming an endpoint the spec lacks: once a translator's problem, now lint's.
        let result = SpecLoader.load(
            text: shopSpec(
                #""types": {"Code": {"kind": "struct", "fields": {"id": "string"}}}, "otps": {"info": "Code", "idField": "id", "codeField": "code", "variants": {"PinOTP": {"verify": "verifyPin", "resend": "resendPin"}}}"#
            ), path: "Spec/test.json")
        #expect(result.spec != nil)
        #expect(
            result.diagnostics.all.map(\.message).filter { !$0.contains("verifyPin") && !$0.contains("resendPin") }
                .isEmpty, "\(result.diagnostics.rendered(file: "Spec/test.json"))")
        #expect(result.diagnostics.hasErrors)
        #expect(result.resolved == nil)
    }

    @Test func generatingIsRenderingTheTranslation() throws {
        let resolved = try loadSpec("Tests/Golden/everything.json")
        let generator = SpecsmithGenerator()
        let translated = generator.translate(resolved)
        #expect(translated == generator.translate(resolved))
        #expect(generator.generate(resolved, specPath: "x.json") == generator.render(translated, specPath: "x.json"))
        #expect(Set(translated.files.map(\.module)) == [.sdk, .mock, .backend])
        #expect(translated.articles.map(\.name).count == 5)
    }

    @Test func resolvingPairsEachOTPVariantWithItsEndpointsAndResult() throws {
        let resolved = try loadSpec("Tests/Golden/everything.json")
        #expect(
            resolved.otpVariants.map { [$0.variant.name, $0.verify.name, $0.resend.name, $0.result?.name] } == [
                ["ConfirmCode", "confirmOrder", "resendCode", "order"]
            ])
    }

    @Test func theSpecModelSpeaksTheRuntimesWireVocabulary() throws {
        let resolved = try loadSpec("Tests/Golden/everything.json")
        let spec = resolved.spec
        #expect(
            spec.service.envelope == WireEnvelope(errorContainer: "error", codeField: "code", messageField: "message"))
        let categories = spec.errors.prefix(4).map(\.category)
        #expect(categories == [ErrorCodeInfo.Category.server, .session, .server, .encryption])
        let quantity = try requireCase(try #require(spec.type(named: "Quantity")).kind, "value") {
            if case let .value(decl) = $0 { decl } else { nil }
        }
        #expect(quantity.rules.map(\.kind) == [ValueRule.minimum(1), .maximum(99)])
        let signIn = try #require(resolved.endpoint(named: "signIn"))
        #expect(signIn.endpoint.method == RequestMethod.post)
        #expect(signIn.credentials.map(\.requirement) == [AuthRequirement.appKey(header: "X-App-Key")])
        let listItems = try #require(resolved.endpoint(named: "listItems"))
        #expect(
            listItems.credentials.map(\.requirement) == [
                .appKey(header: "X-App-Key"), .session(header: "Authorization", prefix: "Bearer "),
            ])
    }
}
