import Foundation
import SpecsmithCore
import SpecsmithTesting
import Testing

/// For specs lint refuses, lint names the right place: drawn specs that lint clean get one defect
/// each (an unknown type, a keyword as a name, a duplicate wire value, a parameter the path does not
/// use, a list as a header parameter, a missing or misspelt key, a value of the wrong kind, an unknown
/// error or host, an example that does not fit its type), and lint must answer with exactly one
/// error, placed on the member that has the defect.
@Suite struct LintPlacesTests {
    static let count = ProcessInfo.processInfo.environment["SPECSMITH_LINT_PLACES_SPECS"].flatMap(Int.init) ?? 300

    /// A defect put into a spec, and the member it is in.
    struct Defect {
        var name: String
        var spec: DraftJSON
        var at: [DraftJSON.Step]
    }

    /// What one run over the drawn specs found.
    struct Outcome: Sendable {
        var checked = 0
        var kinds: Set<String> = []
        /// One message per defect that did not get exactly one error at its place.
        var misplaced: [String] = []
    }

    @Test func everyDefectGetsOneErrorWhereItIs() async throws {
        // Seconds of linting: on a thread of its own rather than one of the few cooperative threads,
        // where the mock servers other suites run at the same time would wait behind it.
        let outcome = try await blocking { try Self.run() }
        for message in outcome.misplaced { Issue.record(Comment(rawValue: message)) }
        let (checked, kinds) = (outcome.checked, outcome.kinds)
        #expect(checked >= Self.count / 3, "only \(checked) specs could take a defect")
        #expect(kinds.count >= 10, "only \(kinds.sorted()) were tried")
    }

    static func run() throws -> Outcome {
        var outcome = Outcome()
        for index in 0..<count {
            var drawer = SpecDrawer(seed: LintCompilesPropertyTests.seed &+ UInt64(index))
            let drawn = drawer.draw(service: "P\(index)", module: "PropKit")
            guard case .clean = LintCompilesProperty.lint(drawn.json, risky: drawn.risky?.name) else { continue }
            let defects = defects(of: drawn.json)
            guard !defects.isEmpty else { continue }
            let defect = defects[Int(drawer.random.next() % UInt64(defects.count))]
            // A list parameter brings the type that sends lists, whose name a spec then may not
            // take: the defect would make the drawn risky name a second, rightful error.
            if defect.name == "a list as a header parameter", let risky = drawn.risky?.name,
                GeneratedNames.Feature.allCases.contains(where: { $0.typeNames.contains(risky) })
            {
                continue
            }
            outcome.kinds.insert(defect.name)
            outcome.checked += 1
            let text = defect.spec.text
            let errors = SpecLoader.load(text: text, path: "drawn.json").diagnostics.all.filter {
                $0.severity == .error
            }
            let places = try positions(in: JSONParser.parse(text), at: defect.at)
            let wrong = errors.filter { !places.contains($0.location) }
            guard errors.count != 1 || !wrong.isEmpty else { continue }
            let rendered = errors.map { $0.rendered(file: "drawn.json") }.joined(separator: "\n")
            outcome.misplaced.append(
                """
                P\(index) with \(defect.name) at \(defect.at.map(\.description).joined()): \
                \(errors.count) errors, \(wrong.count) elsewhere
                \(rendered)
                \(text)
                """)
        }
        return outcome
    }

    /// Every position inside the member at `path`: its key and everything in its value.
    static func positions(in root: JSONNode, at path: [DraftJSON.Step]) -> Set<SourcePosition> {
        var node = root
        var result: Set<SourcePosition> = []
        for (offset, step) in path.enumerated() {
            let isLast = offset == path.count - 1
            switch step {
            case let .key(key):
                guard let member = node.members?.first(where: { $0.key == key }) else { return result }
                if isLast { result.insert(member.keyLocation) }
                node = member.value
            case let .index(index):
                guard let items = node.elements, items.indices.contains(index) else { return result }
                node = items[index]
            }
        }
        func collect(_ node: JSONNode) {
            result.insert(node.location)
            for member in node.members ?? [] {
                result.insert(member.keyLocation)
                collect(member.value)
            }
            for item in node.elements ?? [] { collect(item) }
        }
        collect(node)
        return result
    }

    /// Every defect that can be put into `spec`, each with the member it is in.
    static func defects(of spec: DraftJSON) -> [Defect] {
        var found: [Defect] = []
        let types = spec["types"]?.members ?? []
        let endpoints = spec["endpoints"]?.members ?? []
        for (name, type) in types {
            let at: [DraftJSON.Step] = [.key("types"), .key(name)]
            found.append(
                Defect(
                    name: "an unknown type kind", spec: spec.updating(at + [.key("kind")]) { _ in "structure" },
                    at: at + [.key("kind")]))
            // Other parts of a spec name these types' fields: renaming one there is two problems.
            let named = [
                "Session", "OTPInfo", "VerifyRequest", "ResendRequest", "Verified", "CursorPage", "AfterPage",
                "AfterItem",
            ].contains(name)
            if !named, let (field, value) = type["fields"]?.members?.first {
                let fieldPath = at + [.key("fields"), .key(field)]
                found.append(
                    Defect(
                        name: "an unknown field type", spec: spec.updating(fieldPath) { _ in "Missing9" }, at: fieldPath
                    ))
                let renamed = spec.updating(at + [.key("fields")]) { fields in
                    // The wire name stays, so the examples still fit.
                    let kept = value.members != nil ? value : .object([("type", value)])
                    let wire = kept["wire"] ?? .string(field)
                    return .object(
                        (fields.members ?? []).map { $0.key == field ? ("class", kept.setting("wire", wire)) : $0 })
                }
                found.append(
                    Defect(name: "a keyword as a field name", spec: renamed, at: at + [.key("fields"), .key("class")]))
                let typo = spec.updating(fieldPath) { value in
                    let object = value.members != nil ? value : .object([("type", value)])
                    return object.setting("optinal", true)
                }
                found.append(Defect(name: "a misspelt key", spec: typo, at: fieldPath + [.key("optinal")]))
            }
            if case .string("enum")? = type["kind"], let cases = type["cases"]?.members, cases.count >= 2,
                case let .string(wire) = cases[0].value
            {
                let second = at + [.key("cases"), .key(cases[1].key)]
                found.append(
                    Defect(
                        name: "a duplicate wire value", spec: spec.updating(second) { _ in .string(wire) }, at: second))
            }
            if case .string("union")? = type["kind"] {
                if type["discriminator"] != nil {
                    let discriminator = at + [.key("discriminator")]
                    found.append(
                        Defect(
                            name: "a discriminator that is no string", spec: spec.updating(discriminator) { _ in 7 },
                            at: discriminator))
                } else if let first = type["cases"]?.members?.first {
                    // A union chosen by shape has no tags to give.
                    let wire = at + [.key("cases"), .key(first.key), .key("wire")]
                    found.append(
                        Defect(
                            name: "a tag in a union chosen by shape",
                            spec: spec.updating(at + [.key("cases"), .key(first.key)]) { $0.setting("wire", "TAG") },
                            at: wire))
                }
            }
        }
        for (name, endpoint) in endpoints {
            let at: [DraftJSON.Step] = [.key("endpoints"), .key(name)]
            let parameter = { (place: String, type: String) -> DraftJSON in
                spec.updating(at) { value in
                    let parameters = value["parameters"] ?? .object([])
                    return value.setting(
                        "parameters",
                        parameters.setting("zz", .object([("in", .string(place)), ("type", .string(type))])))
                }
            }
            let zz = at + [.key("parameters"), .key("zz")]
            found.append(
                Defect(name: "a path parameter the path does not use", spec: parameter("path", "string"), at: zz))
            found.append(Defect(name: "a list as a header parameter", spec: parameter("header", "[string]?"), at: zz))
            found.append(
                Defect(name: "a missing method", spec: spec.updating(at + [.key("method")]) { _ in nil }, at: at))
            found.append(
                Defect(
                    name: "a value of the wrong kind", spec: spec.updating(at) { $0.setting("idempotent", "yes") },
                    at: at + [.key("idempotent")]))
            found.append(
                Defect(
                    name: "an unknown error", spec: spec.updating(at) { $0.setting("errors", .array(["NOPE"])) },
                    at: at + [.key("errors")]))
            found.append(
                Defect(
                    name: "an unknown host", spec: spec.updating(at) { $0.setting("host", "nowhere") },
                    at: at + [.key("host")]))
            if case let .string(response)? = endpoint["response"],
                response.first?.isUppercase == true || response.hasPrefix("[")
            {
                // A union chosen by shape may take a boolean; none takes null.
                let type = spec["types"]?[response]
                let takesBooleans =
                    type?["discriminator"] == nil
                    && (type?["cases"]?.members ?? []).contains { $0.value["payload"] == "bool" }
                let example = DraftJSON.object([("name", "wrong"), ("response", takesBooleans ? .null : true)])
                found.append(
                    Defect(
                        name: "an example that does not fit",
                        spec: spec.updating(at) { $0.setting("examples", .array([example])) },
                        at: at + [.key("examples")]))
            }
        }
        for (name, _) in spec["errors"]?.members ?? [] {
            let at: [DraftJSON.Step] = [.key("errors"), .key(name)]
            found.append(
                Defect(
                    name: "an error without a code or a status",
                    spec: spec.updating(at + [.key("code")]) { _ in nil }.updating(at + [.key("status")]) { _ in nil },
                    at: at))
        }
        if let (environment, _) = spec["service"]?["environments"]?.members?.first {
            let at: [DraftJSON.Step] = [.key("service"), .key("environments"), .key(environment)]
            let broken = spec.updating(at + [.key("urls")]) { urls in
                .object(
                    (urls.members ?? []).enumerated().map {
                        $0.offset == 0 ? ($0.element.key, "not a url") : $0.element
                    })
            }
            found.append(Defect(name: "an environment URL that is not one", spec: broken, at: at))
        }
        return found
    }
}
