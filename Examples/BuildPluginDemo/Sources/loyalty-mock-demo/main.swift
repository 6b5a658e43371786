// The generated client against the generated mock over loopback: the end of the "Write your first
// spec" tutorial in the generator's guide (Generator/Specsmith.docc), which quotes this file.
import Foundation
import LoyaltyAPI
import LoyaltyAPIMock
import SpecsmithMock

// snippet: handler
/// The mock's answers: one member with 1250 points; any other member is unknown.
actor Members: LoyaltyHandler {
    private var points = 1250

    func balance(member: Loyalty.MemberID, context: MockRequest) async throws(MockFailure) -> Loyalty.Balance {
        guard member.rawValue == "M000042" else { throw Loyalty.ErrorCode.unknownMember.mockFailure }
        return Loyalty.Balance(member: member, points: points, tier: .gold)
    }

    func redeem(member: Loyalty.MemberID, _ request: Loyalty.Redemption, context: MockRequest)
        async throws(MockFailure) -> Loyalty.Balance
    {
        guard member.rawValue == "M000042" else { throw Loyalty.ErrorCode.unknownMember.mockFailure }
        guard request.points <= points else { throw Loyalty.ErrorCode.notEnoughPoints.mockFailure }
        points -= request.points
        return Loyalty.Balance(member: member, points: points, tier: .gold)
    }
}
// snippet: end

// snippet: serve
let service = MockService(router: Members().router)
let server = try MockHTTPServer { request in await service.respond(to: request) }
let client = Loyalty.Client(environment: .custom(server.baseURL), appKey: "demo-key")
// snippet: end

// snippet: call
let known = try Loyalty.MemberID("M000042")
let stranger = try Loyalty.MemberID("M000001")
do {
    let balance = try await client.balance(member: known)
    print("\(balance.summary), tier \(balance.tier)")
    let left = try await client.redeem(member: known, .init(points: 250))
    print("after redeeming 250: \(left.summary)")
    _ = try await client.balance(member: stranger)
    print("✗ an unknown member must fail")
    exit(1)
} catch {
    print("\(stranger.rawValue): \(error.kind), \"\(error.message)\"")
}
await server.stop()
// snippet: end
