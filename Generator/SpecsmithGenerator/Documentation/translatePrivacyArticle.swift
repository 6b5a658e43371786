import SpecsmithCore

extension TranslationContext {
    /// The privacy manifest as a reference article: what the SDK's `PrivacyInfo.xcprivacy` says, and
    /// for each collected data type which declarations of the spec put it there.
    func privacyArticle() -> Article {
        let manifest = translatePrivacyManifest()
        let yes = { (flag: Bool) in flag ? "yes" : "no" }
        let short = { (name: String, prefix: String) in
            "`" + (name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name) + "`"
        }
        let collected = manifest.collectedDataTypes.map { item -> [String] in
            [
                "`\(item.type)`", yes(item.linked), yes(item.tracking),
                item.purposes.map { short($0, "NSPrivacyCollectedDataTypePurpose") }.joined(separator: ", "),
                declarers(of: item.type).joined(separator: ", "),
            ]
        }
        let apis = manifest.accessedAPITypes.map { item in
            ["`\(item.category)`", item.reasons.map { "`\($0)`" }.joined(separator: ", ")]
        }
        let tracking =
            manifest.tracking
            ? "The SDK tracks (`NSPrivacyTracking` is true), through "
                + manifest.trackingDomains.map { "`\($0)`" }.joined(separator: ", ") + "."
            : "The SDK does not track: `NSPrivacyTracking` is false and it lists no tracking domain."
        return Article(
            name: "\(spec.service.name)PrivacyManifest", title: "\(spec.service.name) privacy manifest",
            abstract:
                "What `\(spec.service.module)` declares in its `PrivacyInfo.xcprivacy`, the privacy manifest Apple requires of an SDK.",
            sections: [
                .init(
                    heading: "Where it comes from",
                    paragraphs: [
                        "The manifest ships as a resource of `\(spec.service.module)`, so Xcode's privacy report includes it in every app that links the SDK. It is generated from the spec: `collects` on the fields the SDK sends, and the service's `privacy` for tracking, data no field carries, and the required-reason APIs with their reasons. CI fails when the manifest differs from the spec, or when the SDK's sources (and the modules it links) call a required-reason API the manifest does not declare, or declare one they never call.",
                        tracking,
                    ]),
                .init(
                    heading: "Collected data",
                    paragraphs: collected.isEmpty ? ["The SDK collects none of the data types Apple lists."] : [],
                    table: collected.isEmpty
                        ? nil
                        : .init(
                            columns: ["Data type", "Linked", "Tracking", "Purposes", "Declared by"], rows: collected)),
                .init(
                    heading: "Required-reason APIs",
                    paragraphs: apis.isEmpty ? ["The SDK calls none of the APIs that need a declared reason."] : [],
                    table: apis.isEmpty ? nil : .init(columns: ["Category", "Reasons"], rows: apis)),
            ])
    }

    /// The declarations that collect `type`: the service's own, then each field of a type an app
    /// endpoint carries, as `Type.field`.
    private func declarers(of type: String) -> [String] {
        var names = spec.service.privacy.collects.contains { $0.type == type } ? ["the service"] : []
        for declaration in spec.types where resolved.appTypes.contains(declaration.name) {
            guard case let .structure(decl) = declaration.kind else { continue }
            names += decl.fields.filter { $0.collects?.type == type }.map { "`\(declaration.name).\($0.name)`" }
        }
        return names
    }
}
