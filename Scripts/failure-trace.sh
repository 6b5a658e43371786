#!/usr/bin/env bash
# Lists the files a failed call crosses on its way back, measured rather than read: the BKM 401 of
# Architecture.md ("Path 2"), from the transport's answer to the app's `catch`.
#
#   bash Scripts/failure-trace.sh [revision]     # default HEAD; prints the files and their count
#
# How: a copy of the revision gets one extra test (below). It opens a BKM session against a loopback
# mock, makes the next `checkStatus` answer 401 with BKM's "session expired" body, and sets the
# coverage counters to zero the moment the transport hands that answer back. In the app's `catch` it
# writes the counters out. Every library file with a line that ran is on the path. The mock server
# shares the process, so its own module (`Sources/SpecsmithMock/`) is left out, and so is the test.
# The transport is the test's wrapper around the SDK's default `WireTransport`, so the files of the
# transport itself (`URLSessionHTTPTransport.swift` and `WireTransport`) are counted by the report's
# last line, not measured. A coverage build of the package takes a few minutes; it is not a CI step.
set -euo pipefail

revision=${1:-HEAD}
repository=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
llvm=$(dirname "$(readlink -f "$(command -v swift)")")

git clone -q "$repository" "$work/source"
git -C "$work/source" checkout -q "$revision"
cd "$work/source"

# Before issue 38 renamed them, the transport's request and answer were HTTPRequest and HTTPResponse.
request=TransportRequest
response=TransportResponse
grep -q "struct TransportRequest" Sources/SpecsmithRuntime/Transport/HTTPTransport.swift \
    || { request=HTTPRequest; response=HTTPResponse; }

sed "s/REQUEST/$request/g; s/RESPONSE/$response/g" >Tests/BKMExpressLiteSDKTests/FailureTraceProbe.swift <<'SWIFT'
import BKMExpressLiteSDK
import Foundation
import SpecsmithMock
import SpecsmithRuntime
import SpecsmithTesting
import Testing

@_silgen_name("__llvm_profile_reset_counters") private func resetCounters()
@_silgen_name("__llvm_profile_set_filename") private func setProfileName(_ name: UnsafePointer<CChar>)
@_silgen_name("__llvm_profile_write_file") private func writeProfile() -> Int32

/// The SDK's default transport, with the counters set to zero as the status answer comes back.
private struct CountingFromTheAnswer: HTTPTransport {
    let wire = BKMExpress.WireTransport()

    func send(_ request: REQUEST) async throws(TransportFailure) -> RESPONSE {
        let answer = try await wire.send(request)
        if request.url.path.hasSuffix("/v1/wallet/status") { resetCounters() }
        return answer
    }
}

@Suite struct FailureTraceProbe {
    /// Made once and kept, so that no key is freed while the counters run.
    static let key = try! TestKeys.rsa(1).publicKey.der().base64EncodedString()

    @Test func anExpiredSessionsWayBack() async throws {
        let key = Self.key
        let responder: MockHTTPServer.Responder = { request in
            let (status, json) =
                request.path.hasSuffix("/v1/sessions")
                ? (200, #"{"result": "ok", "data": {"connectionToken": "bexc_1", "expiresAt": "2026-11-30T12:30:00Z", "agreements": [], "encryptionKey": {"kid": "k", "publicKey": "\#(key)"}}}"#)
                : (401, #"{"result": "fail", "code": 1002, "message": "Oturumunuzun süresi doldu. Lütfen işleme yeniden başlayın."}"#)
            return MockResponse(status: status, headers: ["content-type": "application/json"], body: Data(json.utf8))
        }
        try await withMockServer(responder: responder) { server in
            let context = BKMExpress.InitializationContext(
                authToken: "t", merchantID: "M", merchantUserID: "u", gsmNo: try .init("5000000004"),
                currencyCode: "TRY", mode: .custom(server.baseURL))
            let api = try await BKMExpress.initialize(context: context, transport: CountingFromTheAnswer())
            do {
                _ = try await api.checkStatus()
                Issue.record("checkStatus did not fail")
            } catch let error as BKMExpress.Failure {
                let environment = ProcessInfo.processInfo.environment
                setProfileName(environment["FAILURE_TRACE_PROFILE"]!)
                #expect(writeProfile() == 0)
                // The process writes its counters again as it ends: elsewhere, not over this trace.
                setProfileName(environment["LLVM_PROFILE_FILE"]!)
                #expect(error.kind == .session)
            }
            // An app keeps its session: freed here, its encryption key would count as on the path.
            withExtendedLifetime(api) {}
        }
    }
}
SWIFT

swift build --build-tests --enable-code-coverage --scratch-path "$work/build" >"$work/build.log" 2>&1 \
    || { tail -40 "$work/build.log"; exit 1; }
FAILURE_TRACE_PROFILE="$work/trace.profraw" LLVM_PROFILE_FILE="$work/rest.profraw" \
    swift test --skip-build --enable-code-coverage --scratch-path "$work/build" --filter FailureTraceProbe \
    >"$work/test.log" 2>&1 || { tail -40 "$work/test.log"; exit 1; }
"$llvm/llvm-profdata" merge -sparse "$work/trace.profraw" -o "$work/trace.profdata"
"$llvm/llvm-cov" export "$work/build/debug/SpecsmithPackageTests.xctest" \
    -instr-profile="$work/trace.profdata" -summary-only 2>/dev/null >"$work/summary.json"

python3 - "$work/summary.json" "$work/source/" "$revision" <<'PYTHON'
import json, sys
summary, root, revision = sys.argv[1], sys.argv[2], sys.argv[3]
files = []
for entry in json.load(open(summary))["data"][0]["files"]:
    name = entry["filename"].replace(root, "")
    if entry["summary"]["lines"]["covered"] and name.startswith("Sources/") \
            and not name.startswith("Sources/SpecsmithMock/"):
        files.append(name)
print(f"A BKM 401's way back at {revision}, from the transport's answer to the app's catch:")
for name in sorted(files):
    print(f"  {name}")
print(f"{len(files)} library files ran, plus the transport's own (URLSessionHTTPTransport and WireTransport).")
PYTHON
