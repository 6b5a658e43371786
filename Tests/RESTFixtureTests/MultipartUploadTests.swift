import Foundation
import LedgerKit
import LedgerKitMock
import SpecsmithMock
@_spi(Generated) import SpecsmithRuntime
import SpecsmithTesting
import Testing

/// A file upload as Stripe's Files API takes one: `multipart/form-data`, the file one part with its
/// name and media type, the purpose and a nested link request other parts. Client and mock over
/// loopback, then the requests a stranger writes by hand (as `curl -F` sends them) and the broken
/// ones, each refused with a 400 that names the problem and stores nothing.
@Suite struct MultipartUploadTests {
    static let key = ["X-API-Key": LedgerSimulator.secretKey]

    /// Bytes that look like multipart framing: CRLFs, dashes, a boundary of another body, a NUL.
    static let trickyBytes = Data("%PDF-1.7\r\n--\r\n--specsmith-0000\r\n\r\n--x--\r\n".utf8) + Data([0, 0xFF, 0x0D])

    @Test func aFileTravelsAsAPartWithItsNameAndTypeAndArrivesByteForByte() async throws {
        try await LedgerScenarioTests().withLedger { client, service, handler in
            let name = "Fatura \"Ödendi\" 12/2026.pdf"
            let upload = Ledger.NewFile(
                file: FilePart(data: Self.trickyBytes, fileName: name, contentType: "application/pdf"),
                purpose: .disputeEvidence,
                fileLinkData: Ledger.FileLinkData(create: true, expiresAt: Date(timeIntervalSince1970: 1_800_000_000)))
            let stored = try await client.createFile(upload).responseBody
            #expect(stored.filename == name && stored.type == "application/pdf")
            #expect(stored.size == Self.trickyBytes.count && stored.purpose == .disputeEvidence)
            #expect(stored.linkURL?.absoluteString == "https://files.ledger.example.com/links/\(stored.id)")
            #expect(handler.storedFile(stored.id) == upload.file)
            let entry = try #require(service.journal.last { $0.operation == "createFile" })
            #expect(entry.headers["content-type"]?.hasPrefix("multipart/form-data; boundary=") == true)
            // The journal shows no file's bytes: a body that is not JSON is only counted.
            #expect(!entry.body.contains("PDF") && entry.bodyBytes > Self.trickyBytes.count)
        }
    }

    @Test func theSimulatorsRefusalIsTheTypedFailure() async throws {
        try await LedgerScenarioTests().withLedger { client, _, handler in
            let logo = Ledger.NewFile(
                file: FilePart(data: Data("GIF89a".utf8), fileName: "logo.gif", contentType: "image/gif"),
                purpose: .businessLogo)
            do throws(Ledger.Failure) {
                _ = try await client.createFile(logo)
                Issue.record("a GIF logo was taken")
            } catch {
                #expect(error.code == .invalidRequest && error.message == "A business logo is a PNG or a JPEG.")
            }
            #expect(handler.storedFile("file_1") == nil)
        }
    }

    /// One raw multipart exchange with the mock.
    func upload(_ body: Data, contentType: String, port: UInt16) async throws -> RawConnection.Response {
        let connection = try RawConnection(port: port)
        let head =
            "POST /files HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
            + "X-API-Key: \(LedgerSimulator.secretKey)\r\nContent-Type: \(contentType)\r\n"
            + "Content-Length: \(body.count)\r\n\r\n"
        #expect(connection.send(Array(head.utf8) + Array(body)))
        return try #require(await connection.readResponse())
    }

    /// A body as a browser or `curl -F` frames one: a preamble, parts in any order, CRLFs.
    static func handWritten(boundary: String, _ parts: [String]) -> Data {
        Data(
            ("preamble, ignored\r\n" + parts.map { "--\(boundary)\r\n\($0)\r\n" }.joined() + "--\(boundary)--\r\n").utf8
        )
    }

    @Test func aHandWrittenUploadIsTakenAsCurlSendsIt() async throws {
        try await MockObeysSpecTests().withLedger { port, _, handler in
            let body = Self.handWritten(
                boundary: "------------------------d74496d66958873e",
                [
                    "Content-Disposition: form-data; name=\"purpose\"\r\n\r\nidentity_document",
                    "Content-Disposition: form-data; name=\"file_link_data[create]\"\r\n\r\ntrue",
                    "content-disposition: form-data; name=\"file\"; filename=\"id card.png\"\r\n"
                        + "Content-Type: image/png\r\n\r\n\u{89}PNG",
                ])
            let answer = try await upload(
                body, contentType: "multipart/form-data; boundary=\"------------------------d74496d66958873e\"",
                port: port)
            #expect(answer.status == 201)
            let stored = try WireCoding.decoder().decode(Ledger.StoredFile.self, from: answer.body)
            #expect(stored.filename == "id card.png" && stored.type == "image/png" && stored.linkURL != nil)
            #expect(handler.storedFile(stored.id)?.data == Data("\u{89}PNG".utf8))
        }
    }

    @Test func aBrokenUploadIsA400ThatSaysWhatIsWrongAndStoresNothing() async throws {
        try await MockObeysSpecTests().withLedger { port, _, handler in
            let boundary = "b0undary"
            let purpose = "Content-Disposition: form-data; name=\"purpose\"\r\n\r\ndispute_evidence"
            let cases: [(body: Data, contentType: String, says: String)] = [
                (Self.handWritten(boundary: boundary, [purpose]), "multipart/form-data; boundary=b0undary", "file"),
                (
                    Self.handWritten(
                        boundary: boundary,
                        [purpose, "Content-Disposition: form-data; name=\"file\"\r\n\r\nnot a file"]),
                    "multipart/form-data; boundary=b0undary", "file: expected a file (a part with a filename)"
                ),
                (Self.handWritten(boundary: boundary, [purpose]), "multipart/form-data", "names no boundary"),
                (
                    Data("--b0undary\r\n\(purpose)\r\n".utf8), "multipart/form-data; boundary=b0undary",
                    "is not multipart/form-data"
                ),
                (
                    Self.handWritten(boundary: boundary, ["Content-Disposition: attachment\r\n\r\nx"]),
                    "multipart/form-data; boundary=b0undary", "is not multipart/form-data"
                ),
            ]
            for (body, contentType, says) in cases {
                let answer = try await upload(body, contentType: contentType, port: port)
                #expect(answer.status == 400, "\(says)")
                let problem = try WireCoding.decoder().decode(Ledger.Problem.self, from: answer.body)
                #expect(problem.detail?.contains(says) == true, "\(problem.detail ?? "")")
            }
            #expect(handler.storedFile("file_1") == nil)
        }
    }
}
