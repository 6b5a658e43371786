import Foundation
import Testing

/// The three SDKs keep their generated wire client package-only and give apps a hand-written API
/// in the manuals' names. An endpoint the spec gains would then silently never reach an app; this
/// check names it instead. Each endpoint that is not `backendOnly` must be called (`.name(`) from an
/// SDK's hand-written sources or its generated OTP objects, which apps hold.
@Suite struct HandWrittenEntryPointTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Endpoints on purpose out of an SDK's API, each with why.
    static let notInTheApp: [String: String] = [
        "cardSession":
            "PaymentKit: reading a card session back is for the merchant's support tools; the card flow gets every state it shows from createCardSession, authenticate and challengeResult"
    ]

    /// Swift sources an app's calls can pass through: every SDK module but the mocks, the backends,
    /// the generator's own, and generated code other than the OTP objects.
    static func appFacingSources() throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        var found: [(String, String)] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
        where !module.hasSuffix("Mock") && !module.hasSuffix("Backend") && !module.hasPrefix("Specsmith") {
            let files = FileManager.default.enumerator(
                at: sources.appendingPathComponent(module), includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                let relative = String(file.path.dropFirst(root.path.count + 1))
                if relative.contains("/Generated/"), file.lastPathComponent != "OTPs.swift" { continue }
                found.append((relative, try String(contentsOf: file, encoding: .utf8)))
            }
        }
        return found
    }

    @Test(arguments: ["bkm-express-lite.json", "paymentkit.json", "opennotification.json"])
    func everyEndpointOfTheSpecReachesTheAppsAPI(_ file: String) throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("Spec/\(file)"))
        let spec = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let endpoints = try #require(spec["endpoints"] as? [String: [String: Any]])
        let sources = try Self.appFacingSources()
        var missing: [String] = []
        for (name, endpoint) in endpoints.sorted(by: { $0.key < $1.key }) {
            guard endpoint["backendOnly"] as? Bool != true, Self.notInTheApp[name] == nil else { continue }
            if !sources.contains(where: { $0.text.contains(".\(name)(") }) { missing.append(name) }
        }
        #expect(
            missing.isEmpty,
            "\(file): no hand-written entry point calls \(missing); add one to the SDK's API, mark the endpoint backendOnly, or list it in notInTheApp with why"
        )
    }

    @Test func everyEndpointLeftOutIsStillInASpec() throws {
        var names: Set<String> = []
        for file in ["bkm-express-lite.json", "paymentkit.json", "opennotification.json"] {
            let data = try Data(contentsOf: Self.root.appendingPathComponent("Spec/\(file)"))
            let spec = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            names.formUnion((spec["endpoints"] as? [String: Any] ?? [:]).keys)
        }
        #expect(Set(Self.notInTheApp.keys).subtracting(names).isEmpty)
    }
}
