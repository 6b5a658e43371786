import Foundation
import SpecsmithTesting
import Testing

/// Adding a failure kind is not a source break for apps. The proof compiles, as a package of its own
/// would, app code against the runtime's own `FailureKind` declaration (read from its source, its
/// attributes included) and against the same declaration with one more case:
/// - the constructs the manuals and apps use (`if case let .server(code) = error.kind`, `==`, a
///   `switch` with `@unknown default` or `default`) compile against both;
/// - the one construct a new case would break, an exhaustive `switch` with no default, is refused
///   already against today's declaration, in Swift 6 (Swift 5 warns), so no app can come to rely on it;
/// - with the attribute taken away, that same switch compiles today and breaks with the new case:
///   the check can tell a growable enum from one that is not.
@Suite struct FailureKindGrowthTests {
    static let source = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SpecsmithRuntime/Client/FailureKind.swift")

    /// What the declaration refers to, so it compiles alone.
    static let stubs = """
        public enum ErrorCodeValue: Hashable, Sendable { case number(Int), text(String) }
        extension ErrorCodeValue: ExpressibleByIntegerLiteral {
            public init(integerLiteral value: Int) { self = .number(value) }
        }
        public struct TransportFailure { public enum Kind: Hashable, Sendable { case timeout } }

        """

    static let tolerantApp = """
        import Runtime
        func react(_ kind: FailureKind) -> String {
            if case let .server(code) = kind, code == 1049 { return "invalid currency" }
            if kind == .session { return "sign in again" }
            switch kind {
            case .session: return "session"
            case .server: return "server"
            case .transport: return "offline"
            @unknown default: return "something else"
            }
        }
        func brief(_ kind: FailureKind) -> String {
            switch kind {
            case .transport: "offline"
            default: "failed"
            }
        }

        """

    static let exhaustiveApp = """
        import Runtime
        func react(_ kind: FailureKind) -> String {
            switch kind {
            case .session: "session"
            case .encryption: "encryption"
            case .server: "server"
            case .transport: "offline"
            case .invalidResponse: "invalid response"
            case .invalidRequest: "invalid request"
            case .refused: "refused"
            }
        }

        """

    /// The `FailureKind` declaration as the runtime's source writes it, from its attributes to its
    /// closing brace; with `growing`, one case more.
    static func declaration(growing: Bool, keepingAttributes: Bool = true) throws -> String {
        let text = try String(contentsOf: source, encoding: .utf8)
        let start = try #require(text.range(of: "#if hasAttribute(nonexhaustive)"))
        let header = try #require(text.range(of: "public enum FailureKind", range: start.lowerBound..<text.endIndex))
        let end = try #require(text.range(of: "\n}\n", range: header.upperBound..<text.endIndex))
        var declaration = String(text[start.lowerBound..<end.lowerBound])
        if !keepingAttributes { declaration = String(text[header.lowerBound..<end.lowerBound]) }
        if growing { declaration += "\n    case rateLimited" }
        return stubs + declaration + "\n}\n"
    }

    /// Compiles `app` against a module `Runtime` made of `library`; the compiler's errors, if any.
    static func errors(app: String, library: String, swiftVersion: String, label: String) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("failure-kind-growth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try library.write(to: folder.appendingPathComponent("Runtime.swift"), atomically: true, encoding: .utf8)
        try app.write(to: folder.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        let built = try Subprocess.run(
            "/usr/bin/env",
            [
                "swiftc", "-emit-module", "-parse-as-library", "-module-name", "Runtime", "-swift-version", "6",
                "-package-name", "SpecsmithRuntimePackage", "Runtime.swift", "-o", "Runtime.swiftmodule",
            ], directory: folder)
        guard built.status == 0 else { throw CompileFailure(label: label, output: built.errors) }
        let checked = try Subprocess.run(
            "/usr/bin/env",
            [
                "swiftc", "-typecheck", "-parse-as-library", "-module-name", "App", "-swift-version", swiftVersion,
                "-I", ".", "App.swift",
            ], directory: folder)
        return String(decoding: checked.errors, as: UTF8.self).split(separator: "\n")
            .filter { $0.contains("error:") }.map(String.init)
    }

    struct CompileFailure: Error, CustomStringConvertible {
        var label: String
        var output: Data
        var description: String { "\(label): the library did not compile:\n\(String(decoding: output, as: UTF8.self))" }
    }

    @Test(arguments: ["6", "5"])
    func appCodeThatCompilesTodayCompilesWithANewKind(_ swiftVersion: String) throws {
        for growing in [false, true] {
            let errors = try Self.errors(
                app: Self.tolerantApp, library: Self.declaration(growing: growing), swiftVersion: swiftVersion,
                label: "tolerant")
            #expect(errors == [], "Swift \(swiftVersion), growing: \(growing)")
        }
    }

    @Test func anExhaustiveSwitchIsRefusedBeforeAnyKindIsAdded() throws {
        let errors = try Self.errors(
            app: Self.exhaustiveApp, library: Self.declaration(growing: false), swiftVersion: "6", label: "exhaustive")
        #expect(errors.contains { $0.contains("may have additional unknown values") }, "\(errors)")
    }

    @Test func withoutTheAttributeANewKindWouldBreakTheSameApp() throws {
        let today = try Self.errors(
            app: Self.exhaustiveApp, library: Self.declaration(growing: false, keepingAttributes: false),
            swiftVersion: "6", label: "control today")
        let grown = try Self.errors(
            app: Self.exhaustiveApp, library: Self.declaration(growing: true, keepingAttributes: false),
            swiftVersion: "6", label: "control grown")
        #expect(today == [])
        #expect(grown.contains { $0.contains("switch must be exhaustive") }, "\(grown)")
    }
}
