extension Renderer {
    /// The manifest as an XML property list, the format Xcode writes: Apple's keys in a fixed order,
    /// tab-indented, every key present (an empty array says "none"), the banner as an XML comment.
    public func render(_ manifest: PrivacyManifest, banner: String) -> String {
        let root: PropertyListValue = .dictionary([
            ("NSPrivacyTracking", .bool(manifest.tracking)),
            ("NSPrivacyTrackingDomains", .array(manifest.trackingDomains.map(PropertyListValue.string))),
            (
                "NSPrivacyCollectedDataTypes",
                .array(
                    manifest.collectedDataTypes.map { item in
                        .dictionary([
                            ("NSPrivacyCollectedDataType", .string(item.type)),
                            ("NSPrivacyCollectedDataTypeLinked", .bool(item.linked)),
                            ("NSPrivacyCollectedDataTypeTracking", .bool(item.tracking)),
                            ("NSPrivacyCollectedDataTypePurposes", .array(item.purposes.map(PropertyListValue.string))),
                        ])
                    })
            ),
            (
                "NSPrivacyAccessedAPITypes",
                .array(
                    manifest.accessedAPITypes.map { item in
                        .dictionary([
                            ("NSPrivacyAccessedAPIType", .string(item.category)),
                            ("NSPrivacyAccessedAPITypeReasons", .array(item.reasons.map(PropertyListValue.string))),
                        ])
                    })
            ),
        ])
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
            // "--" may not appear inside an XML comment.
            "<!-- \(Self.xmlEscaped(banner).replacingOccurrences(of: "--", with: "- -")) -->",
            #"<plist version="1.0">"#,
        ]
        root.append(to: &lines, depth: 0)
        lines.append("</plist>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// The few property-list values a privacy manifest holds; a dictionary keeps its keys in the order given.
private indirect enum PropertyListValue {
    case string(String)
    case bool(Bool)
    case array([PropertyListValue])
    case dictionary([(String, PropertyListValue)])

    func append(to lines: inout [String], depth: Int) {
        let indent = String(repeating: "\t", count: depth)
        switch self {
        case let .string(text):
            lines.append(indent + "<string>\(Renderer.xmlEscaped(text))</string>")
        case let .bool(flag):
            lines.append(indent + (flag ? "<true/>" : "<false/>"))
        case let .array(elements) where elements.isEmpty:
            lines.append(indent + "<array/>")
        case let .array(elements):
            lines.append(indent + "<array>")
            for element in elements { element.append(to: &lines, depth: depth + 1) }
            lines.append(indent + "</array>")
        case let .dictionary(members):
            lines.append(indent + "<dict>")
            for (key, value) in members {
                lines.append(indent + "\t<key>\(Renderer.xmlEscaped(key))</key>")
                value.append(to: &lines, depth: depth + 1)
            }
            lines.append(indent + "</dict>")
        }
    }
}
