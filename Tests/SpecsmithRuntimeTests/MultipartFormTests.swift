import Foundation
import Testing

@testable @_spi(Generated) import SpecsmithRuntime

/// The multipart codec on its own: what the client writes reads back part for part, whatever the
/// files hold, and what is not a multipart body reads as none.
@Suite struct MultipartFormTests {
    struct Upload: Encodable {
        var scan: FilePart
        var pages: [FilePart]
        var note: String?
        var tags = ["a b", "ç"]
        var metadata = ["order": "6735"]
    }

    @Test func everyMemberIsAPartAndFilesKeepTheirNameTypeAndBytes() throws {
        let scan = FilePart(data: Data("--\r\n\r\n".utf8) + Data([0, 0xFF]), fileName: "a \"b\"\r\n.pdf")
        let pages = [FilePart(data: Data("1".utf8), fileName: "1.png", contentType: "image/png")]
        let upload = Upload(scan: scan, pages: pages + pages, note: nil)
        let (body, contentType) = try MultipartForm.encode(upload, files: ["scan", "pages"])
        let boundary = try #require(MultipartForm.boundary(in: contentType))
        let parts = try #require(MultipartForm.parts(of: body, boundary: boundary))
        #expect(
            parts == [
                .init(name: "metadata[order]", content: .text("6735")), .init(name: "tags[]", content: .text("a b")),
                .init(name: "tags[]", content: .text("ç")), .init(name: "pages[]", content: .file(pages[0])),
                .init(name: "pages[]", content: .file(pages[0])), .init(name: "scan", content: .file(scan)),
            ])
    }

    @Test func aBoundaryNeverOccursInWhatItBounds() throws {
        // However often the encoder is asked, no file ever contains the boundary it chose.
        for _ in 0..<50 {
            let bytes = Data((0..<256).map { UInt8($0) })
            let upload = Upload(scan: FilePart(data: bytes, fileName: "all.bin"), pages: [])
            let (body, contentType) = try MultipartForm.encode(upload, files: ["scan", "pages"])
            let boundary = try #require(MultipartForm.boundary(in: contentType))
            #expect(bytes.range(of: Data(boundary.utf8)) == nil)
            let parts = try #require(MultipartForm.parts(of: body, boundary: boundary))
            #expect(parts.last?.content == .file(upload.scan))
        }
    }

    @Test func boundariesAreReadAsRFC2046AllowsThem() {
        #expect(MultipartForm.boundary(in: "multipart/form-data; boundary=abc") == "abc")
        #expect(MultipartForm.boundary(in: "Multipart/Form-Data;BOUNDARY=\"a b;c\"") == "a b;c")
        #expect(MultipartForm.boundary(in: "multipart/form-data") == nil)
        #expect(MultipartForm.boundary(in: "multipart/form-data; boundary=") == nil)
        #expect(MultipartForm.boundary(in: "multipart/form-data; boundary=" + String(repeating: "x", count: 71)) == nil)
        #expect(MultipartForm.boundary(in: "multipart/mixed; boundary=abc") == nil)
    }

    @Test func whatIsNotAMultipartBodyHasNoParts() {
        let part = "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"
        for broken in [
            "", "no delimiter at all", part, part + "--c--\r\n",
            "--b\r\nContent-Disposition: form-data\r\n\r\n1\r\n--b--",
            "--b\r\nContent-Disposition: inline; name=\"a\"\r\n\r\n1\r\n--b--",
            "--b\r\nno colon here\r\n\r\n1\r\n--b--", "--bxyz\r\n",
            // Found by fuzz-forms: a delimiter right after a delimiter's line, where the search for
            // the part's end began before its start.
            "--b\r\n--bContent\r\n--b--", "--b\r\n\r\n--b--",
        ] {
            #expect(MultipartForm.parts(of: Data(broken.utf8), boundary: "b") == nil, "\(broken.debugDescription)")
        }
        #expect(MultipartForm.parts(of: Data((part + "--b--").utf8), boundary: "b")?.count == 1)
        #expect(MultipartForm.parts(of: Data("--b--\r\n".utf8), boundary: "b") == [])
    }

    @Test func aFilePartNeverPrintsItsBytes() {
        let file = FilePart(data: Data("4111111111111111".utf8), fileName: "card.txt", contentType: "text/plain")
        #expect(file.description == "FilePart(\"card.txt\", text/plain, 16 bytes)")
        #expect(!String(describing: file).contains("4111"))
    }
}
