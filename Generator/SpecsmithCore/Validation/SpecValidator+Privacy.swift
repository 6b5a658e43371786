extension SpecValidator {
    /// The privacy manifest's declarations: Apple's names only, a reason that belongs to its
    /// category, tracking that agrees with its domains and with the data said to track.
    mutating func checkPrivacy() {
        let privacy = spec.service.privacy
        var seenTypes: [String: SourcePosition] = [:]
        for collected in privacy.collects {
            checkCollected(collected, where: "the service's privacy")
            if let first = seenTypes[collected.type] {
                diagnostics.error(
                    "\"\(collected.type)\" is collected twice in the service's privacy", at: collected.typeLocation,
                    note: "first declared at \(first); keep one entry with every purpose")
            } else {
                seenTypes[collected.type] = collected.typeLocation
            }
        }
        let appTypes = ResolvedSpec.appTypes(in: spec)
        for type in spec.types {
            guard case let .structure(decl) = type.kind else { continue }
            for field in decl.fields {
                guard let collected = field.collects else { continue }
                let place = "field \"\(field.name)\" of type \"\(type.name)\""
                checkCollected(collected, where: place)
                if !appTypes.contains(type.name) {
                    diagnostics.warning(
                        "\(place) declares \"collects\", but no app endpoint carries \"\(type.name)\"",
                        at: collected.location,
                        note: "the app SDK's privacy manifest lists only what its own endpoints send or receive; "
                            + "remove \"collects\" or declare it where the app sends the data")
                }
            }
        }
        for api in privacy.accessedAPIs { checkAccessedAPI(api) }
        checkTracking(privacy)
    }

    private mutating func checkCollected(_ collected: CollectedData, where place: String) {
        if !PrivacyVocabulary.dataTypes.contains(collected.type) {
            diagnostics.error(
                "unknown collected data type \"\(collected.type)\" in \(place)", at: collected.typeLocation,
                note: suggestion(for: collected.type, in: PrivacyVocabulary.dataTypes)
                    ?? "use one of Apple's NSPrivacyCollectedDataType values, such as "
                    + "NSPrivacyCollectedDataTypePhoneNumber or NSPrivacyCollectedDataTypeDeviceID")
        }
        if collected.purposes.isEmpty {
            diagnostics.error(
                "\"purposes\" of \(place) lists no purpose", at: collected.location,
                note: "Apple requires at least one, such as NSPrivacyCollectedDataTypePurposeAppFunctionality")
        }
        var seen: Set<String> = []
        for (purpose, location) in collected.purposes {
            if !PrivacyVocabulary.purposes.contains(purpose) {
                diagnostics.error(
                    "unknown collection purpose \"\(purpose)\" in \(place)", at: location,
                    note: suggestion(for: purpose, in: PrivacyVocabulary.purposes)
                        ?? "use one of " + PrivacyVocabulary.purposes.joined(separator: ", "))
            } else if !seen.insert(purpose).inserted {
                diagnostics.error("purpose \"\(purpose)\" is listed twice in \(place)", at: location)
            }
        }
        if collected.tracking, !spec.service.privacy.tracking {
            diagnostics.error(
                "\(place) collects \"\(collected.type)\" for tracking, but the service's privacy does not track",
                at: collected.location,
                note: "set \"tracking\": true and list \"trackingDomains\" in the service's privacy, "
                    + "or set \"tracking\": false here")
        }
    }

    private mutating func checkAccessedAPI(_ api: AccessedAPI) {
        guard let approved = PrivacyVocabulary.reasons(of: api.category) else {
            let categories = PrivacyVocabulary.apiCategories.map(\.category)
            diagnostics.error(
                "unknown required-reason API category \"\(api.category)\"", at: api.location,
                note: suggestion(for: api.category, in: categories)
                    ?? "use one of " + categories.joined(separator: ", "))
            return
        }
        if api.reasons.isEmpty {
            diagnostics.error(
                "\"\(api.category)\" lists no reason", at: api.location,
                note: "declare why the SDK calls it: one of " + approved.joined(separator: ", "))
        }
        var seen: Set<String> = []
        for (reason, location) in api.reasons {
            if !approved.contains(reason) {
                let owner = PrivacyVocabulary.apiCategories.first { $0.reasons.contains(reason) }?.category
                diagnostics.error(
                    owner.map { "reason \"\(reason)\" belongs to \($0), not \(api.category)" }
                        ?? "unknown reason \"\(reason)\" for \(api.category)",
                    at: location, note: "Apple approves " + approved.joined(separator: ", ") + " for \(api.category)")
            } else if !seen.insert(reason).inserted {
                diagnostics.error("reason \"\(reason)\" is listed twice for \(api.category)", at: location)
            }
        }
    }

    private mutating func checkTracking(_ privacy: PrivacyDeclarations) {
        if privacy.tracking, privacy.trackingDomains.isEmpty {
            diagnostics.error(
                "the service's privacy tracks but lists no \"trackingDomains\"", at: privacy.location,
                note: "list the domains the SDK connects to for tracking, such as \"trackingDomains\": "
                    + #"["ads.example.com"]"#)
        }
        var seen: Set<String> = []
        for (domain, location) in privacy.trackingDomains {
            if !privacy.tracking {
                diagnostics.error(
                    "tracking domain \"\(domain)\" is listed, but the service's privacy does not track",
                    at: location, note: "set \"tracking\": true, or remove the domain")
            } else if !Self.isDomainName(domain) {
                diagnostics.error(
                    "tracking domain \"\(domain)\" is not a domain name", at: location,
                    note: "write the host alone, without a scheme, port or path, such as \"ads.example.com\"")
            } else if !seen.insert(domain.lowercased()).inserted {
                diagnostics.error("tracking domain \"\(domain)\" is listed twice", at: location)
            }
        }
    }

    /// Dot-separated labels of letters, digits and hyphens, at least two, none starting or ending with a hyphen.
    static func isDomainName(_ text: String) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && text.count <= 253
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
    }

    private func suggestion(for word: String, in candidates: [String]) -> String? {
        // Also match the name without Apple's prefix, so "PhoneNumber" suggests the full value.
        let match =
            closestMatch(to: word, in: candidates)
            ?? candidates.first { $0.hasSuffix(word) && word.count >= 3 }
        return match.map { "did you mean \"\($0)\"?" }
    }
}
