import Foundation
import SpecsmithCore
import Testing

@testable import SpecsmithGenerator

/// Output follows the spec's order, and unchanged files are left alone. Same bytes from every
/// process: ``TwoProcessGoldenTests``.
@Suite struct DeterminismTests {
    @Test func outputFollowsSpecOrderNotAlphabeticalOrder() throws {
        let text = """
            {"specsmith": 1, "service": {"name": "Z", "module": "ZKit", "mockModule": "ZKitMock", "hosts": {"api": {}},
              "environments": {"production": {"urls": {"api": "https://z.example"}}}},
             "types": {"Zebra": {"kind": "struct", "fields": {"b": "int", "a": "int"}},
                       "Apple": {"kind": "struct", "fields": {}}}}
            """
        let translated = SpecsmithGenerator().translate(try spec(text))
        let models = try #require(translated.files.first { $0.file.name == "Models.swift" }).file.declarations
        let structs = models.flatMap(\.flattened).compactMap { declaration -> String? in
            guard case let .container(container) = declaration, container.header.kind == .struct else { return nil }
            return container.header.text
        }
        #expect(structs == ["public struct Zebra", "public struct Apple"])
        let fields = try #require(models.container(ContainerHeader(.public, .struct, "Zebra"))).members.compactMap {
            member -> String? in
            if case let .stored(_, property) = member { property.head } else { nil }
        }
        #expect(fields == ["public var b: Int", "public var a: Int"])
    }

    @Test func fileWriterLeavesUnchangedFilesAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specsmith-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Generated/A.swift")
        #expect(try FileWriter.write("let a = 1\n", to: file))
        #expect(try !FileWriter.write("let a = 1\n", to: file))
        #expect(try FileWriter.write("let a = 2\n", to: file))
    }
}
