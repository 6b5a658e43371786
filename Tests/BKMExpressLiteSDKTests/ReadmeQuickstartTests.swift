import BKMExpressLiteMock
import BKMExpressLiteSDK
import Foundation
import Testing

// snippet: readme
@Test func anUnregisteredPhoneHasNoWallet() async throws {
    let mock = try await BKMExpressMockServer.start(port: 0)
    let api = try await BKMExpress.initialize(
        context: .init(
            authToken: "test_anything", merchantID: BKMExpressTestData.merchantID, merchantUserID: "u1",
            gsmNo: try .init(BKMExpressTestData.unregisteredGSM), currencyCode: "TRY", mode: .custom(mock.baseURL)))
    #expect(try await api.checkStatus() == .unregistered)
    await mock.stop()
}
// snippet: end

/// README's five-minute path shows the test above; it must be this file's, line for line.
@Test func theReadmeShowsThisTestAsItIs() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let start = try #require(source.range(of: "// snippet: readme\n"))
    let end = try #require(source.range(of: "// snippet: end", range: start.upperBound..<source.endIndex))
    let body = String(source[start.upperBound..<end.lowerBound])
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains(body))
}
