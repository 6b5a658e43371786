import Foundation
import SpecsmithCore
import SpecsmithGenerator

/// The subcommands and their help texts.
enum Command: String, CaseIterable {
    case generate, lint, check, openapi, diff, verify

    var summary: String {
        switch self {
        case .generate: "Regenerate the SDK and mock modules of each spec."
        case .lint: "Check specs and print every problem, compiler-style."
        case .check: "Fail (exit 1) when kept generated files (SDK, mock, backend, articles) differ from the specs."
        case .openapi: "Export a spec as an OpenAPI 3.1 JSON document."
        case .diff: "Report what a spec change breaks, on the wire and in Swift, and the version bump it needs."
        case .verify: "Run every operation against a running server and report each answer the spec does not allow."
        }
    }

    /// How every command but `openapi` finds its specs, shared by their help texts.
    static let specsHelp = """
        SPECS:
          Named on the command line, each part goes to its standard folder (a folder stands for every
          *.json in it except JSON Schemas). With no spec named, the specs are those the config lists
          (--config, else specsmith.json at the root); without a config, every *.json in Spec/ (all
          parts kept) and every *.specsmith.json in a target folder under Sources/ (the build-tool
          plugin makes its SDK, so only its mock and backend client are kept).
        """

    var help: String {
        switch self {
        case .generate:
            """
            USAGE: specsmith generate [<spec.json | folder>...] [--config <file>] [--root <dir>]
                   [--sources <dir>] [--single-file <path> --part sdk|mock|backend]

            Writes each spec's SDK to Sources/<module>/Generated, its mock to Sources/<mockModule>/Generated,
            its backend client (for backendOnly endpoints) to Sources/<backendModule>/Generated and its
            reference articles to Sources/<module>/<module>.docc/Generated, unless the config puts a part
            elsewhere. A file is rewritten only when its bytes change, and generated files no spec
            produces any more are removed.

            \(Self.specsHelp)

            OPTIONS:
              --config <file>       The config listing the specs (default: <root>/specsmith.json if present).
              --root <dir>          The package root the Sources folder and banner paths are relative to
                                    (default: the current directory; a config's own folder overrides it).
              --sources <dir>       The folder of module folders (default: <root>/Sources).
              --single-file <path>  Write one part of one spec into a single file (for build plugins).
              --part <part>         Which part --single-file writes: sdk (default), mock or backend.
              --help                Show this help.
            """
        case .lint:
            """
            USAGE: specsmith lint [<spec.json | folder>...] [--config <file>] [--root <dir>]

            Reads and validates each spec and prints every problem as
            FILE:LINE:COL: error: message, with a note where the fix is obvious.
            Exits 1 when any spec has an error.

            \(Self.specsHelp)
            """
        case .check:
            """
            USAGE: specsmith check [<spec.json | folder>...] [--config <file>] [--root <dir>]
                   [--sources <dir>] [--single-file <path> --part sdk|mock|backend]

            Generates each spec in memory and compares every part that is kept (SDK, mock, backend
            client, articles) with the files where generate would write it. Lists every stale, missing
            or extra file with its part and spec, then the command that regenerates them, and exits 1
            if there is any; exits 0 when all are current. A part that is not kept is still generated,
            so a spec the generator cannot handle fails here too.

            \(Self.specsHelp)
            """
        case .openapi:
            """
            USAGE: specsmith openapi <spec.json> [--output <file>]

            Writes the spec as an OpenAPI 3.1 document (to standard output unless --output is given),
            so Swagger UI, validators and fuzzers can read the API.
            """
        case .diff:
            """
            USAGE: specsmith diff <old.json> <new.json> [options]
                   specsmith diff <spec.json> --against <revision> [options]

            Compares two versions of a spec and reports every change in two columns: wire (old clients
            against a server that follows the new spec, and new clients against one that follows the old)
            and Swift (app code written against the old SDK, compiled against the new one). Each is
            breaking, potentially breaking or compatible, with the spec's FILE:LINE:COL on both sides.
            Ends with the semantic version bump the change needs and why.

            With --against, the old spec is <spec.json> as it was at the git revision (a tag such as
            v1.2.0, a branch such as main, or a commit), read with `git show`.

            OPTIONS:
              --against <revision>  Compare the spec at this git revision with the file as it is.
              --format <format>     text (default), json, or changelog: a Markdown section for the
                                    SDK's users that says what to change in their code.
              --title <text>        The changelog section's heading (default: Unreleased).
              --fail-on <gate>      Exit 1 when a change is breaking: breaking (wire or Swift),
                                    wire, or source (Swift).
              --help                Show this help.
            """
        case .verify:
            """
            USAGE: specsmith verify <spec.json> --base-url <url> [--key <scheme>=<key>]...
                   [--token <scheme>=<token>]... [--host <host>=<url>]... [--timeout <seconds>]

            The contract test of a server built from the spec. Calls every operation of the spec at
            --base-url, with each example's request body (or values drawn from the types when it has
            none), and, when the operation requires credentials, once more without them. Each answer must
            have the success status and decode as the declared response inside the spec's envelope, with
            the required response headers, or be an error the spec declares (its status, the envelope's
            error shape or the error body type, a declared code); an answer to a request without required
            credentials must be a declared 4xx error. Path parameters are drawn, so a declared "not
            found" is a conforming answer. A session token comes from calling the endpoint that issues
            it, unless --token gives one.

            Prints each mismatch with the operation, the request sent (sensitive fields and credentials
            as <redacted>), what is wrong and the endpoint's FILE:LINE:COL, then a summary line. Exits 0
            when every answer conforms, 1 when one does not, 2 on bad usage or when nothing answers at
            the address.

            OPTIONS:
              --base-url <url>          Where the server listens, such as http://127.0.0.1:8080; every
                                        host of the spec is served there unless --host says otherwise.
              --key <scheme>=<key>      The key of an app-key scheme of the spec's auth, sent in its
                                        header, after its prefix, or in its query item. Repeatable.
              --token <scheme>=<token>  A session token to send instead of calling the issuing endpoint.
                                        Repeatable.
              --host <host>=<url>       Where one of the spec's hosts is served instead. Repeatable.
              --timeout <seconds>       How long to wait for one answer (default: 10).
              --help                    Show this help.
            """
        }
    }
}

/// What a command run ended with.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    /// `verify`'s bad usage or unreachable server, kept apart from a server that answers wrongly.
    case unusable = 2
    case usage = 64
}
