import SpecsmithCore

extension TranslationContext {
    /// The SDK's privacy manifest: the service's `privacy` and the `collects` of every field of a type
    /// an app endpoint carries (a backend's own requests are not the app's to declare).
    ///
    /// A data type declared in several places is one entry, as Apple asks: linked or used to track
    /// when any declaration says so, with every purpose any declaration names. Entries follow the
    /// spec's order (the service's own first, then fields in type order), purposes their first mention.
    /// A spec that declares nothing still gets a manifest: one that says the SDK collects nothing,
    /// tracks nothing and calls no required-reason API.
    func translatePrivacyManifest() -> PrivacyManifest {
        let privacy = spec.service.privacy
        var declared = privacy.collects
        for type in spec.types where resolved.appTypes.contains(type.name) {
            guard case let .structure(decl) = type.kind else { continue }
            declared += decl.fields.compactMap(\.collects)
        }
        var collected: [PrivacyManifest.CollectedDataType] = []
        for item in declared {
            let purposes = item.purposes.map(\.purpose)
            if let index = collected.firstIndex(where: { $0.type == item.type }) {
                collected[index].linked = collected[index].linked || item.linked
                collected[index].tracking = collected[index].tracking || item.tracking
                for purpose in purposes where !collected[index].purposes.contains(purpose) {
                    collected[index].purposes.append(purpose)
                }
            } else {
                var unique: [String] = []
                for purpose in purposes where !unique.contains(purpose) { unique.append(purpose) }
                collected.append(
                    .init(type: item.type, linked: item.linked, tracking: item.tracking, purposes: unique))
            }
        }
        return PrivacyManifest(
            tracking: privacy.tracking, trackingDomains: privacy.trackingDomains.map(\.domain),
            collectedDataTypes: collected,
            accessedAPITypes: privacy.accessedAPIs.map {
                .init(category: $0.category, reasons: $0.reasons.map(\.reason))
            })
    }
}
