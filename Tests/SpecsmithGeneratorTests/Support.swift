import Foundation
import SpecsmithCore
import SpecsmithGenerator
import Testing

/// The repository root, found from this file's place in `Tests/SpecsmithGeneratorTests`.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Loads and resolves a spec by its path relative to the repository root, failing the test on any diagnostic.
func loadSpec(_ relativePath: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> ResolvedSpec
{
    let result = SpecLoader.load(path: repositoryRoot.appendingPathComponent(relativePath).path)
    #expect(
        result.diagnostics.all.isEmpty, "\(result.diagnostics.rendered(file: relativePath))",
        sourceLocation: sourceLocation)
    return try #require(result.resolved, sourceLocation: sourceLocation)
}

/// Reads and resolves a spec from text, failing the test on any diagnostic.
func spec(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ResolvedSpec {
    let result = SpecLoader.load(text: text, path: "Spec/test.json")
    #expect(
        result.diagnostics.all.isEmpty, "\(result.diagnostics.rendered(file: "Spec/test.json"))",
        sourceLocation: sourceLocation)
    return try #require(result.resolved, sourceLocation: sourceLocation)
}

/// A spec of the small service `Shop` with `body` as its further top-level members and `auth`
/// as a further member of its service, for translator tests.
func shopSpec(_ body: String, auth: String? = nil) -> String {
    """
    {"specsmith": 1, "service": {"name": "Shop", "module": "ShopKit", "mockModule": "ShopKitMock", "hosts": {"api": {}},
      "environments": {"production": {"urls": {"api": "https://shop.example"}}}\(auth.map { ", " + $0 } ?? "")},
     \(body)}
    """
}

/// A readable line diff: each differing run with a few lines of context, `-` expected, `+` actual.
func lineDiff(expected: String, actual: String, context: Int = 2) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    // Longest common subsequence table, from the end, so the walk below goes forwards.
    var lcs = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
        for j in stride(from: new.count - 1, through: 0, by: -1) {
            lcs[i][j] = old[i] == new[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
        }
    }
    var rows: [(mark: Character, text: Substring, line: Int)] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
        if i < old.count, j < new.count, old[i] == new[j] {
            rows.append((" ", old[i], i + 1))
            i += 1
            j += 1
        } else if j < new.count, i == old.count || lcs[i][j + 1] >= lcs[i + 1][j] {
            rows.append(("+", new[j], i + 1))
            j += 1
        } else {
            rows.append(("-", old[i], i + 1))
            i += 1
        }
    }
    let changed = rows.indices.filter { rows[$0].mark != " " }
    var shown = Set<Int>()
    for index in changed {
        for near in max(0, index - context)...min(rows.count - 1, index + context) { shown.insert(near) }
    }
    var output: [String] = []
    var previous = -2
    for index in shown.sorted() {
        if index != previous + 1 { output.append("@@ line \(rows[index].line) @@") }
        output.append("\(rows[index].mark) \(rows[index].text)")
        previous = index
    }
    return output.joined(separator: "\n")
}
