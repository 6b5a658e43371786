import Foundation
import SpecsmithCore
import SpecsmithGenerator
import Testing

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
        let models = try #require(
            SpecsmithGenerator().generate(try spec(text), specPath: "z.json").first { $0.name == "Models.swift" })
        let zebra = try #require(models.contents.range(of: "struct Zebra"))
        let apple = try #require(models.contents.range(of: "struct Apple"))
        #expect(zebra.lowerBound < apple.lowerBound)
        let b = try #require(models.contents.range(of: "public var b: Int"))
        let a = try #require(models.contents.range(of: "public var a: Int"))
        #expect(b.lowerBound < a.lowerBound)
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
