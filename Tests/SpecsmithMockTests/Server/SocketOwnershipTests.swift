import Foundation
import SpecsmithTesting
import Testing

@testable import SpecsmithMock

#if canImport(Glibc)
    import Glibc
#endif

/// Who may give a descriptor's number back to the kernel: only its owner's close.
@Suite struct SocketOwnershipTests {
    @Test func aResetKeepsTheNumberUntilTheOwnerClosesThenTheClientSeesAnRST() async throws {
        let listener = try Socket.listen(host: "127.0.0.1", port: 0)
        let client = try RawConnection(port: listener.boundPort())
        guard case let .connection(accepted) = listener.acceptPending() else {
            Issue.record("the loopback connection was not accepted")
            return
        }
        accepted.reset()
        // Still ours: the kernel cannot hand this number to the next connection yet.
        #expect(accepted.isOpen)
        #expect(fcntl(accepted.descriptor, F_GETFD) != -1)
        accepted.close()
        let (count, code) = await blocking { () -> (Int, Int32) in
            var byte: UInt8 = 0
            let count = recv(client.descriptor, &byte, 1, 0)
            return (count, errno)
        }
        #expect(count == -1)
        #expect(code == ECONNRESET)
        listener.close()
    }
}
