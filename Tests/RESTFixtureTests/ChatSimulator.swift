import ChatKit
import ChatKitMock
import Foundation
import SpecsmithMock
import SpecsmithRuntime

/// A chat service as Slack's Web API behaves: the bot is in `C1` only, `C404` does not exist, a
/// token other than ``token`` is `invalid_auth`, and the first ``rateLimitedCalls`` calls to list
/// conversations are answered 429 with `Retry-After`.
final class ChatSimulator: ChatHandler, Sendable {
    static let token = "xoxb-test-token"

    private let listed = Locked(0)
    private let rateLimitedCalls: Int

    init(rateLimitedCalls: Int = 0) {
        self.rateLimitedCalls = rateLimitedCalls
    }

    /// How many times conversations were listed, answered or not.
    var listCalls: Int { listed.withLock { $0 } }

    func postMessage(_ request: Chat.NewMessage, context: MockRequest) async throws(MockFailure) -> Chat.Posted {
        try Self.checkToken(context)
        switch request.channel {
        case "C1": return Chat.Posted(channel: "C1", ts: "1503435956.000247")
        case "C404": throw Chat.ErrorCode.channelNotFound.mockFailure
        default: throw Chat.ErrorCode.notInChannel.mockFailure
        }
    }

    func listConversations(cursor: String?, limit: Int?, context: MockRequest) async throws(MockFailure)
        -> Chat.ChannelList
    {
        let call = listed.withLock { count in
            count += 1
            return count
        }
        if call <= rateLimitedCalls {
            var failure = Chat.ErrorCode.rateLimited.mockFailure
            failure.headers["Retry-After"] = "0"
            throw failure
        }
        try Self.checkToken(context)
        return Chat.ChannelList(
            channels: [Chat.Channel(id: "C1", name: "general", isPrivate: false, isMember: true)],
            responseMetadata: Chat.ResponseMetadata(nextCursor: ""))
    }

    func testAuth(context: MockRequest) async throws(MockFailure) -> Chat.Identity {
        try Self.checkToken(context)
        return Chat.Identity(
            url: URL(string: "https://team.chat.example.com/")!, team: "Team", user: "bot", teamID: "T1", userID: "U1")
    }

    private static func checkToken(_ context: MockRequest) throws(MockFailure) {
        guard context.headers["authorization"] == "Bearer \(token)" else {
            throw Chat.ErrorCode.invalidAuth.mockFailure
        }
    }
}
