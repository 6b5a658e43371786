extension SpecReader {
    /// The service's `"privacy"`: tracking, its domains, data no field carries, and the required-reason
    /// APIs with their reasons. Names are checked against Apple's by the validator, not here.
    mutating func readPrivacy(_ node: JSONNode) -> PrivacyDeclarations {
        var privacy = PrivacyDeclarations(location: node.location)
        guard var object = ObjectReader(node, what: "the service's privacy", diagnostics: &diagnostics) else {
            return privacy
        }
        privacy.tracking = object.bool("tracking", diagnostics: &diagnostics) ?? false
        privacy.trackingDomains =
            object.strings("trackingDomains", diagnostics: &diagnostics)?.map { (domain: $0.0, location: $0.1) } ?? []
        for element in object.array("collects", diagnostics: &diagnostics) ?? [] {
            if let collected = readCollects(element, what: "an entry of \"collects\" in the service's privacy") {
                privacy.collects.append(collected)
            }
        }
        if let apis = object.object("accessedAPIs", diagnostics: &diagnostics) {
            for member in apis.members ?? [] {
                guard let elements = member.value.elements else {
                    diagnostics.error(
                        "the reasons for \"\(member.key)\" must be an array of reason codes, not "
                            + member.value.kindName,
                        at: member.value.location, note: #"write ["CA92.1"]"#)
                    continue
                }
                let reasons: [(reason: String, location: SourcePosition)] = elements.compactMap { element in
                    guard let text = element.string else {
                        diagnostics.error(
                            "a reason for \"\(member.key)\" must be a string, not \(element.kindName)",
                            at: element.location)
                        return nil
                    }
                    return (text, element.location)
                }
                privacy.accessedAPIs.append(
                    AccessedAPI(category: member.key, reasons: reasons, location: member.keyLocation))
            }
        }
        object.finish(diagnostics: &diagnostics, keys: &keysRead)
        return privacy
    }

    /// One `"collects"` declaration: `type`, `linked` and `purposes` required, `tracking` false unless said.
    mutating func readCollects(_ node: JSONNode, what: String) -> CollectedData? {
        guard var object = ObjectReader(node, what: what, diagnostics: &diagnostics) else { return nil }
        let type = object.requiredString("type", diagnostics: &diagnostics)
        let linkedNode = object.value("linked")
        var linked: Bool?
        if let linkedNode {
            if case let .bool(flag) = linkedNode.value {
                linked = flag
            } else {
                diagnostics.error(
                    "\"linked\" in \(what) must be a boolean, not \(linkedNode.kindName)", at: linkedNode.location)
            }
        } else {
            diagnostics.error(
                "\(what) is missing the required key \"linked\"", at: node.location,
                note: "say whether the data is linked to the user's identity: \"linked\": true or false")
        }
        let tracking = object.bool("tracking", diagnostics: &diagnostics) ?? false
        let purposes = object.strings("purposes", diagnostics: &diagnostics)
        if purposes == nil, object.value("purposes") == nil {
            diagnostics.error(
                "\(what) is missing the required key \"purposes\"", at: node.location,
                note: #"name why the data is collected, such as ["NSPrivacyCollectedDataTypePurposeAppFunctionality"]"#)
        }
        object.finish(diagnostics: &diagnostics, keys: &keysRead)
        guard let type, let linked, let purposes else { return nil }
        return CollectedData(
            type: type.0, typeLocation: type.1, linked: linked, tracking: tracking,
            purposes: purposes.map { (purpose: $0.0, location: $0.1) }, location: node.location)
    }
}
