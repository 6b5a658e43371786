import Foundation
import SpecsmithCore
import Testing

/// Apple's privacy-manifest values live in two places that must not drift: the generator's
/// ``PrivacyVocabulary`` (lint) and the JSON Schema (editors, and CI's manifest validator, which reads
/// its lists from the schema).
@Suite struct PrivacyVocabularyTests {
    static func definitions() throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "Spec/specsmith.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return try #require(schema["$defs"] as? [String: Any])
    }

    static func properties(_ definition: Any?) throws -> [String: Any] {
        try #require((definition as? [String: Any])?["properties"] as? [String: Any])
    }

    @Test func theSchemaListsTheSameDataTypesAndPurposesInTheSameOrder() throws {
        let collected = try Self.properties(try Self.definitions()["collectedData"])
        let types = try #require((collected["type"] as? [String: Any])?["enum"] as? [String])
        let purposes = try #require(
            ((collected["purposes"] as? [String: Any])?["items"] as? [String: Any])?["enum"] as? [String])
        #expect(types == PrivacyVocabulary.dataTypes)
        #expect(purposes == PrivacyVocabulary.purposes)
    }

    @Test func theSchemaListsTheSameCategoriesWithTheSameReasons() throws {
        let privacy = try Self.properties(try Self.definitions()["privacy"])
        let categories = try Self.properties(privacy["accessedAPIs"])
        #expect(Set(categories.keys) == Set(PrivacyVocabulary.apiCategories.map(\.category)))
        for (category, reasons) in PrivacyVocabulary.apiCategories {
            let listed = ((categories[category] as? [String: Any])?["items"] as? [String: Any])?["enum"] as? [String]
            #expect(listed == reasons, "\(category)")
        }
    }

    @Test func everyReasonBelongsToOneCategory() {
        let reasons = PrivacyVocabulary.apiCategories.flatMap(\.reasons)
        #expect(Set(reasons).count == reasons.count)
    }
}
