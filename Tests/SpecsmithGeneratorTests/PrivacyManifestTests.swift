import Foundation
import SpecsmithCore
import Testing

@testable import SpecsmithGenerator

/// The privacy manifest: what the spec declares becomes one `PrivacyManifest` (the IR), which the
/// renderer writes as an XML property list that Foundation reads back as Apple's keys.
@Suite struct PrivacyManifestTests {
    /// A shop whose app signs in with an email and pays with a card, and whose backend sends a phone
    /// number the app never sees.
    static let shop = shopSpec(
        #"""
        "types": {
          "SignIn": {"kind": "struct", "fields": {
            "email": {"type": "string", "collects": {"type": "NSPrivacyCollectedDataTypeEmailAddress", "linked": true, "purposes": ["NSPrivacyCollectedDataTypePurposeAppFunctionality"]}}
          }},
          "Pay": {"kind": "struct", "fields": {
            "card": {"type": "string", "collects": {"type": "NSPrivacyCollectedDataTypePaymentInfo", "linked": false, "purposes": ["NSPrivacyCollectedDataTypePurposeAppFunctionality"]}},
            "receiptEmail": {"type": "string", "collects": {"type": "NSPrivacyCollectedDataTypeEmailAddress", "linked": false, "tracking": true, "purposes": ["NSPrivacyCollectedDataTypePurposeDeveloperAdvertising", "NSPrivacyCollectedDataTypePurposeAppFunctionality"]}}
          }},
          "Notify": {"kind": "struct", "fields": {
            "phone": {"type": "string", "collects": {"type": "NSPrivacyCollectedDataTypePhoneNumber", "linked": true, "purposes": ["NSPrivacyCollectedDataTypePurposeAppFunctionality"]}}
          }}
        },
        "endpoints": {
          "signIn": {"method": "POST", "path": "/sign-in", "request": "SignIn"},
          "pay": {"method": "POST", "path": "/pay", "request": "Pay"},
          "notify": {"method": "POST", "path": "/notify", "request": "Notify", "backendOnly": true, "auth": ["serverKey"]}
        }
        """#,
        auth: #"""
            "backendModule": "ShopKitBackend",
            "auth": {"serverKey": {"kind": "appKey", "header": "X-Server-Key"}},
            "privacy": {
              "tracking": true, "trackingDomains": ["ads.shop.example"],
              "collects": [{"type": "NSPrivacyCollectedDataTypeProductInteraction", "linked": false, "purposes": ["NSPrivacyCollectedDataTypePurposeAnalytics"]}],
              "accessedAPIs": {"NSPrivacyAccessedAPICategoryUserDefaults": ["CA92.1"], "NSPrivacyAccessedAPICategoryDiskSpace": ["E174.1", "85F4.1"]}
            }
            """#)

    static let expectedShopManifest = PrivacyManifest(
        tracking: true, trackingDomains: ["ads.shop.example"],
        collectedDataTypes: [
            .init(
                type: "NSPrivacyCollectedDataTypeProductInteraction", linked: false, tracking: false,
                purposes: ["NSPrivacyCollectedDataTypePurposeAnalytics"]),
            // Declared twice: linked and tracking if either says so, every purpose once.
            .init(
                type: "NSPrivacyCollectedDataTypeEmailAddress", linked: true, tracking: true,
                purposes: [
                    "NSPrivacyCollectedDataTypePurposeAppFunctionality",
                    "NSPrivacyCollectedDataTypePurposeDeveloperAdvertising",
                ]),
            .init(
                type: "NSPrivacyCollectedDataTypePaymentInfo", linked: false, tracking: false,
                purposes: ["NSPrivacyCollectedDataTypePurposeAppFunctionality"]),
        ],
        accessedAPITypes: [
            .init(category: "NSPrivacyAccessedAPICategoryUserDefaults", reasons: ["CA92.1"]),
            .init(category: "NSPrivacyAccessedAPICategoryDiskSpace", reasons: ["E174.1", "85F4.1"]),
        ])

    @Test func serviceAndFieldDeclarationsMakeOneEntryPerDataTypeAndLeaveTheBackendsOut() throws {
        let result = SpecLoader.load(text: Self.shop, path: "Spec/shop.json")
        // The phone number only the backend's endpoint carries is not the app SDK's to declare: lint
        // says so, and the manifest leaves it out.
        #expect(
            result.diagnostics.all.map(\.message) == [
                #"field "phone" of type "Notify" declares "collects", but no app endpoint carries "Notify""#
            ])
        #expect(result.diagnostics.all.allSatisfy { $0.severity == .warning })
        let translated = SpecsmithGenerator().translate(try #require(result.resolved))
        #expect(translated.privacyManifest == Self.expectedShopManifest)
    }

    @Test func aSpecThatDeclaresNothingStillGetsAManifestThatSaysSo() throws {
        let generator = SpecsmithGenerator()
        let resolved = try spec(shopSpec(#""types": {}"#))
        #expect(
            generator.translate(resolved).privacyManifest
                == PrivacyManifest(tracking: false, trackingDomains: [], collectedDataTypes: [], accessedAPITypes: []))
        let file = try #require(generator.generate(resolved, specPath: "Spec/shop.json").last)
        #expect(file.module == .privacy)
        #expect(file.name == "PrivacyInfo.xcprivacy")
        #expect(SpecsmithGenerator.File.folder(of: .privacy, for: resolved.spec.service) == "ShopKit")
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <!-- Generated by specsmith from Spec/shop.json. Do not edit. -->
            <plist version="1.0">
            <dict>
            \t<key>NSPrivacyTracking</key>
            \t<false/>
            \t<key>NSPrivacyTrackingDomains</key>
            \t<array/>
            \t<key>NSPrivacyCollectedDataTypes</key>
            \t<array/>
            \t<key>NSPrivacyAccessedAPITypes</key>
            \t<array/>
            </dict>
            </plist>

            """
        #expect(file.contents == expected, "\(lineDiff(expected: expected, actual: file.contents))")
    }

    @Test func theRenderedManifestReadsBackAsApplesKeysInTheirOrder() throws {
        let text = Renderer().render(Self.expectedShopManifest, banner: "Generated by specsmith from Spec/shop.json.")
        let value = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        let root = try #require(value as? NSDictionary)
        let expected: NSDictionary = [
            "NSPrivacyTracking": true,
            "NSPrivacyTrackingDomains": ["ads.shop.example"],
            "NSPrivacyCollectedDataTypes": [
                [
                    "NSPrivacyCollectedDataType": "NSPrivacyCollectedDataTypeProductInteraction",
                    "NSPrivacyCollectedDataTypeLinked": false, "NSPrivacyCollectedDataTypeTracking": false,
                    "NSPrivacyCollectedDataTypePurposes": ["NSPrivacyCollectedDataTypePurposeAnalytics"],
                ],
                [
                    "NSPrivacyCollectedDataType": "NSPrivacyCollectedDataTypeEmailAddress",
                    "NSPrivacyCollectedDataTypeLinked": true, "NSPrivacyCollectedDataTypeTracking": true,
                    "NSPrivacyCollectedDataTypePurposes": [
                        "NSPrivacyCollectedDataTypePurposeAppFunctionality",
                        "NSPrivacyCollectedDataTypePurposeDeveloperAdvertising",
                    ],
                ],
                [
                    "NSPrivacyCollectedDataType": "NSPrivacyCollectedDataTypePaymentInfo",
                    "NSPrivacyCollectedDataTypeLinked": false, "NSPrivacyCollectedDataTypeTracking": false,
                    "NSPrivacyCollectedDataTypePurposes": ["NSPrivacyCollectedDataTypePurposeAppFunctionality"],
                ],
            ],
            "NSPrivacyAccessedAPITypes": [
                [
                    "NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryUserDefaults",
                    "NSPrivacyAccessedAPITypeReasons": ["CA92.1"],
                ],
                [
                    "NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryDiskSpace",
                    "NSPrivacyAccessedAPITypeReasons": ["E174.1", "85F4.1"],
                ],
            ],
        ]
        #expect(root == expected)
        // A dictionary has no order once read; the text keeps Apple's, top-level keys first to last.
        let keys = text.split(separator: "\n").filter { $0.hasPrefix("\t<key>") }
        #expect(
            keys == [
                "\t<key>NSPrivacyTracking</key>", "\t<key>NSPrivacyTrackingDomains</key>",
                "\t<key>NSPrivacyCollectedDataTypes</key>", "\t<key>NSPrivacyAccessedAPITypes</key>",
            ])
    }

    @Test func textThatIsNotXMLIsEscapedAndTheBannerCannotEndItsComment() throws {
        let manifest = PrivacyManifest(
            tracking: true, trackingDomains: ["a&b<c>"], collectedDataTypes: [], accessedAPITypes: [])
        let text = Renderer().render(manifest, banner: "from Spec/a--b.json")
        #expect(text.contains("<!-- from Spec/a- -b.json -->"))
        #expect(text.contains("\t\t<string>a&amp;b&lt;c&gt;</string>"))
        let root = try #require(
            try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
                as? [String: Any])
        #expect(root["NSPrivacyTrackingDomains"] as? [String] == ["a&b<c>"])
    }

    @Test func theOpenAPIExportCarriesAFieldsCollectsAsAnExtension() throws {
        let data = Data(OpenAPIExporter(try loadSpec("Spec/bkm-express-lite.json")).document().utf8)
        var node: Any? = try JSONSerialization.jsonObject(with: data)
        for key in ["components", "schemas", "InitializeRequest", "properties", "gsmNo"] {
            node = (node as? [String: Any])?[key]
        }
        let property = try #require(node as? [String: Any])
        let expected: NSDictionary = [
            "type": "NSPrivacyCollectedDataTypePhoneNumber", "linked": true, "tracking": false,
            "purposes": ["NSPrivacyCollectedDataTypePurposeAppFunctionality"],
        ]
        #expect((property["x-specsmith-collects"] as? [String: Any]).map { NSDictionary(dictionary: $0) } == expected)
    }

    @Test(arguments: GoldenFileTests.cases)
    func everyKeptManifestIsAPropertyListOfApplesKeysOnly(spec path: String, sources: String) throws {
        let resolved = try loadSpec(path)
        let url = repositoryRoot.appendingPathComponent(
            "\(sources)/\(resolved.spec.service.module)/\(PrivacyManifest.fileName)")
        let data = try Data(contentsOf: url)
        let root = try #require(
            try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any])
        #expect(
            Set(root.keys) == [
                "NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes",
                "NSPrivacyAccessedAPITypes",
            ])
        let collected = try #require(root["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
        for entry in collected {
            #expect(PrivacyVocabulary.dataTypes.contains(entry["NSPrivacyCollectedDataType"] as? String ?? ""))
            let purposes = try #require(entry["NSPrivacyCollectedDataTypePurposes"] as? [String])
            #expect(!purposes.isEmpty && purposes.allSatisfy(PrivacyVocabulary.purposes.contains))
        }
    }
}
