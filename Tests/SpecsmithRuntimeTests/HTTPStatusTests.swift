import SpecsmithRuntime
import Testing

@Suite struct HTTPStatusTests {
    @Test(arguments: [
        (402, "Payment Required"), (406, "Not Acceptable"), (410, "Gone"), (412, "Precondition Failed"),
        (415, "Unsupported Media Type"), (422, "Unprocessable Content"), (429, "Too Many Requests"),
        (202, "Accepted"), (301, "Moved Permanently"), (505, "HTTP Version Not Supported"),
    ])
    func registeredStatusHasItsRFCPhrase(status: Int, phrase: String) {
        #expect(HTTPStatus(rawValue: status).reasonPhrase == phrase)
    }

    @Test func everyStatusTheRFCsRegisterHasAPhraseOfItsOwn() {
        // RFC 9110 §15 with RFC 6585's 428, 429 and 431 and RFC 8297's 103: none falls to a class name.
        let registered = [
            100, 101, 103, 200, 201, 202, 203, 204, 205, 206, 300, 301, 302, 303, 304, 305, 307, 308,
            400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 421, 422,
            426, 428, 429, 431, 500, 501, 502, 503, 504, 505,
        ]
        let classNames: Set = ["Informational", "Success", "Redirection", "Client Error", "Server Error"]
        for status in registered {
            #expect(!classNames.contains(HTTPStatus(rawValue: status).reasonPhrase), "status \(status)")
        }
    }

    @Test(arguments: [
        (199, "Informational"), (299, "Success"), (399, "Redirection"), (499, "Client Error"), (599, "Server Error"),
    ])
    func unregisteredStatusGetsItsClassName(status: Int, phrase: String) {
        #expect(HTTPStatus(rawValue: status).reasonPhrase == phrase)
        #expect(!phrase.contains("Status"))
    }
}
