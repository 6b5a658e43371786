import Foundation
import SpecsmithCore
import Testing

/// Lint ⇔ compiles, over specs drawn from every construct of the format: whatever lints clean
/// generates an SDK, a backend and a mock that compile (with warnings as errors); whatever lint
/// refuses for a name alone does not compile.
///
/// It compiles, so plain `swift test` leaves it out. CI runs it with a fixed seed:
///
///     SPECSMITH_LINT_COMPILE_SPECS=240 swift test --filter LintCompilesPropertyTests
///
/// `SPECSMITH_LINT_COMPILE_SEED` picks another seed (each spec `i` is drawn from `seed + i`, so a
/// reported spec is drawn again with the same seed whatever the count). A failure shrinks the spec
/// and writes it to `.build/lint-compile/`, the path in the failure message.
@Suite(.serialized) struct LintCompilesPropertyTests {
    static let environment = ProcessInfo.processInfo.environment
    static let count = environment["SPECSMITH_LINT_COMPILE_SPECS"].flatMap(Int.init)
    static let seed = environment["SPECSMITH_LINT_COMPILE_SEED"].flatMap(UInt64.init) ?? 2026
    /// Specs per generated module: one compiler run checks this many.
    static let batchSize = 100

    static func drawn(count: Int) -> [DrawnSpec] {
        (0..<count).map { index in
            var drawer = SpecDrawer(seed: seed &+ UInt64(index))
            return drawer.draw(service: "P\(index)", module: "PropKit\(index / batchSize)")
        }
    }

    /// Every risky name in every place, for `SPECSMITH_LINT_COMPILE_NAMES=all` (or a comma-separated
    /// list of names): a slow, thorough check of lint's name rules.
    static let names: [String]? = environment["SPECSMITH_LINT_COMPILE_NAMES"].map { list in
        list == "all" ? Array(Set(RiskyNames.all)).sorted() : list.split(separator: ",").map(String.init)
    }

    static func drawnWithEveryName(_ names: [String]) -> [DrawnSpec] {
        var specs: [DrawnSpec] = []
        for name in names {
            for slot in SpecDrawer.Slot.allCases {
                let index = specs.count
                // Draw until the spec has the place: most have every kind of place.
                for attempt in 0..<30 {
                    var drawer = SpecDrawer(seed: seed &+ UInt64(attempt * 7919 + index))
                    let spec = drawer.draw(
                        service: "P\(index)", module: "PropKit\(index / batchSize)", forcing: (slot, name))
                    if spec.risky != nil {
                        specs.append(spec)
                        break
                    }
                }
            }
        }
        return specs
    }

    @Test(.enabled(if: names != nil, "set SPECSMITH_LINT_COMPILE_NAMES to all, or to names to try everywhere"))
    func everyRiskyNameInEveryPlaceCompilesExactlyWhenLintPassesIt() throws {
        let names = try #require(Self.names)
        let output = repositoryRoot.appendingPathComponent(".build/lint-compile")
        let compiler = try ScratchCompiler(scratch: output.appendingPathComponent("names"))
        let specs = Self.drawnWithEveryName(names)
        let found = try LintCompilesProperty.check(specs, compiler: compiler)
        print("lint ⇔ compiles: \(specs.count) specs, one risky name each, \(found.count) disagreements")
        for (spec, disagreement, detail) in found {
            let risky = spec.risky.map { "\"\($0.name)\" as \($0.place)" } ?? ""
            let lines = detail.split(separator: "\n").prefix(3).joined(separator: "\n")
            Issue.record("\(spec.service): \(disagreement.rawValue): \(risky)\n\(lines)")
        }
    }

    @Test(.enabled(if: count != nil, "set SPECSMITH_LINT_COMPILE_SPECS to the number of specs to compile"))
    func everySpecLintPassesCompilesAndEveryNameItRefusesDoesNot() throws {
        let count = try #require(Self.count)
        let output = repositoryRoot.appendingPathComponent(".build/lint-compile")
        let compiler = try ScratchCompiler(scratch: output.appendingPathComponent("scratch"))
        let specs = Self.drawn(count: count)
        let started = Date()
        let found = try LintCompilesProperty.check(specs, compiler: compiler)
        let seconds = Int(Date().timeIntervalSince(started))
        let summary = Dictionary(grouping: found, by: { $0.1 }).map { "\($0.value.count) \($0.key.rawValue)" }
        print(
            "lint ⇔ compiles: \(count) specs from seed \(Self.seed) in \(seconds) s, \(found.count) disagreements \(summary)"
        )
        // Each kind of disagreement is shrunk once: the rest are most likely the same defect.
        var shrunk: Set<String> = []
        for (spec, disagreement, detail) in found {
            var path = "(not shrunk: another spec showed this disagreement)"
            if shrunk.insert(disagreement.rawValue).inserted {
                var shrinker = Shrinker(
                    stillFails: { json in
                        LintCompilesProperty.stillShows(disagreement, json, risky: spec.risky?.name, compiler: compiler)
                    }, budget: 150)
                let small = shrinker.shrink(spec.json)
                let file = output.appendingPathComponent("\(spec.service)-seed\(Self.seed).json")
                try Data(small.text.utf8).write(to: file)
                path = file.path
            }
            Issue.record(
                """
                \(spec.service) (seed \(Self.seed) + \(spec.service.dropFirst())): \(disagreement.rawValue)
                risky name: \(spec.risky.map { "\"\($0.name)\" as \($0.place)" } ?? "none")
                shrunk spec: \(path)
                \(detail)
                """)
        }
    }
}
