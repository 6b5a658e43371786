import Foundation
import FuzzSupport
import SpecsmithCore
import SpecsmithGenerator

/// The spec reader with positions, lint on what it read, and, for a spec lint passes, generation
/// and the OpenAPI export. Seeded with real specs, so mutations reach lint and the generator.
/// Invariants: no trap; every diagnostic points inside the text; a clean spec generates files and
/// an export that is JSON.
enum SpecFuzz {
    static func check(_ input: Data) {
        guard let text = String(data: input, encoding: .utf8) else { return }
        let result = SpecLoader.load(text: text, path: "fuzz.json")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        for diagnostic in result.diagnostics.all {
            precondition(
                (1...max(lines, 1)).contains(diagnostic.location.line),
                "a diagnostic points at line \(diagnostic.location.line) of \(lines): \(diagnostic.message)")
        }
        guard let resolved = result.resolved else { return }
        let files = SpecsmithGenerator().generate(resolved, specPath: "fuzz.json")
        precondition(!files.isEmpty, "a clean spec generated nothing")
        let export = OpenAPIExporter(resolved).document()
        precondition(
            (try? JSONSerialization.jsonObject(with: Data(export.utf8))) != nil, "the export is not JSON")
    }
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        SpecFuzz.check(Data(bytes: data, count: size))
        return 0
    }
#else
    @main struct Replay {
        static func main() { FuzzReplay.run("fuzz-spec", SpecFuzz.check) }
    }
#endif
