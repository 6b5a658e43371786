// The BKM Express mock as a standalone process, for an app in a simulator or any HTTP client:
// `bkm-express-mock --port 8080`, then point the SDK at `.custom(URL(string: "http://127.0.0.1:8080")!)`.
import BKMExpressLiteMock
import Foundation
import SpecsmithMock

let status = await MockServerCommand.run(name: "bkm-express-mock") { baseURL in
    try BKMExpressMockServer.makeService(baseURL: baseURL).0
}
exit(status)
