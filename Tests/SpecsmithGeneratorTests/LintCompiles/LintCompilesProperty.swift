import Foundation
import SpecsmithCore
import SpecsmithGenerator
import SpecsmithRuntime

/// Lint's verdict on a drawn spec against what the generator and the compiler make of it.
struct LintCompilesProperty {
    /// What went wrong with one spec.
    enum Disagreement: String, Sendable {
        /// Lint passed the spec; its SDK, backend or mock does not compile.
        case doesNotCompile = "lint passes it, its generated code does not compile"
        /// Lint refused a name that compiles and hides nothing generated code names.
        case refusesWhatCompiles = "lint refuses a name, but the generated code compiles and means the same"
        /// Lint refused a spec the drawer made valid, for a reason other than its risky name.
        case refusesValidSpec = "lint refuses a spec the schema accepts, for more than its risky name"
    }

    /// How lint judged a spec.
    enum Lint {
        case clean(ResolvedSpec)
        /// Refused only because of the risky name: the code is generated and compiled anyway,
        /// and must fail.
        case refusesName(ResolvedSpec, [Diagnostic])
        case refuses([Diagnostic])
    }

    static func lint(_ json: DraftJSON, risky: String?) -> Lint {
        let result = SpecLoader.load(text: json.text, path: "drawn.json")
        let errors = result.diagnostics.all.filter { $0.severity == .error }
        guard let spec = result.spec else { return .refuses(errors) }
        if let resolved = result.resolved { return .clean(resolved) }
        if let risky, errors.allSatisfy({ isAboutName($0.message, risky) }) {
            // Generated anyway, to show the code does not compile: resolved as if lint had passed it.
            return .refusesName(ResolvedSpec(assumingValid: spec), errors)
        }
        return .refuses(errors)
    }

    /// Whether a diagnostic refuses `name` as a name: a keyword, an identifier Swift does not take,
    /// or a name generated code has for itself.
    static func isAboutName(_ message: String, _ name: String) -> Bool {
        message.contains("\"\(name)\"")
            && ["Swift identifier", "taken by generated code", "would name", "is the generated"].contains {
                message.contains($0)
            }
    }

    /// The generated files of `resolved` as a compile unit.
    static func unit(_ resolved: ResolvedSpec, service: String) -> ScratchCompiler.Unit {
        let files = SpecsmithGenerator().generate(resolved, specPath: "drawn.json")
        return ScratchCompiler.Unit(
            service: service, module: resolved.spec.service.module, sdk: files.filter { $0.module == .sdk },
            mock: files.filter { $0.module == .mock }, backend: files.filter { $0.module == .backend })
    }

    /// Checks many specs at once: lint each, generate the code of those lint passes or refuses by
    /// name alone, compile all of it in batches, and report each disagreement with its detail.
    static func check(_ drawn: [DrawnSpec], compiler: ScratchCompiler) throws -> [(
        DrawnSpec, Disagreement, String
    )] {
        var found: [(DrawnSpec, Disagreement, String)] = []
        var units: [ScratchCompiler.Unit] = []
        var expectsFailure: Set<String> = []
        for spec in drawn {
            switch lint(spec.json, risky: spec.risky?.name) {
            case let .refuses(errors):
                found.append(
                    (spec, .refusesValidSpec, errors.map { $0.rendered(file: "drawn.json") }.joined(separator: "\n")))
            case let .clean(resolved):
                units.append(unit(resolved, service: spec.service))
            case let .refusesName(resolved, _):
                units.append(unit(resolved, service: spec.service))
                expectsFailure.insert(spec.service)
            }
        }
        // Apart, so the units that should compile usually do in one run, and those that should
        // not are told apart in one run more.
        // The two groups compile at once, one core each.
        let groups = [
            ("pass", units.filter { !expectsFailure.contains($0.service) }),
            ("fail", units.filter { expectsFailure.contains($0.service) }),
        ]
        let results = Locked<[Result<ScratchCompiler.Verdicts, any Error>]>([])
        DispatchQueue.concurrentPerform(iterations: groups.count) { index in
            let result = Result { try compiler.compile(groups[index].1, label: groups[index].0) }
            results.withLock { $0.append(result) }
        }
        var verdicts: ScratchCompiler.Verdicts = [:]
        for result in results.withLock({ $0 }) { verdicts.merge(try result.get()) { $1 } }
        for spec in drawn {
            guard let errors = verdicts[spec.service] else { continue }
            if expectsFailure.contains(spec.service) {
                if errors.isEmpty, let risky = spec.risky?.name, !Shadowing.hidesGeneratedName(risky, in: spec.json) {
                    let said = lint(spec.json, risky: spec.risky?.name)
                    var detail = ""
                    if case let .refusesName(_, diagnostics) = said {
                        detail = diagnostics.map { $0.rendered(file: "drawn.json") }.joined(separator: "\n")
                    }
                    found.append((spec, .refusesWhatCompiles, detail))
                }
            } else if !errors.isEmpty {
                found.append((spec, .doesNotCompile, errors.prefix(8).joined(separator: "\n")))
            }
        }
        return found
    }

    /// Whether `json` still shows `disagreement`, for the shrinker.
    static func stillShows(_ disagreement: Disagreement, _ json: DraftJSON, risky: String?, compiler: ScratchCompiler)
        -> Bool
    {
        let service = "Shrunk"
        let spec = DrawnSpec(json: json, service: service, risky: risky.map { ("", $0) })
        // The namespace name is kept: the shrinker never removes the service's name (lint needs it).
        guard let found = try? check([spec], compiler: compiler) else { return false }
        return found.contains { $0.1 == disagreement }
    }
}
