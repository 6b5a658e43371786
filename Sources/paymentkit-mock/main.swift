// The PaymentKit mock as a standalone process, for an app in a simulator or any HTTP client:
// `paymentkit-mock --port 8080`, then point all three Configuration URLs at http://127.0.0.1:8080.
import Foundation
import PaymentKitMock
import SpecsmithMock

let status = await MockServerCommand.run(name: "paymentkit-mock") { baseURL in
    try PaymentKitMockServer.makeService(baseURL: baseURL).0
}
exit(status)
