"""Lists every public symbol of the SDK modules that exposes a secret or wire plumbing.

Reads the symbol graphs `check-public-surface.sh` extracted (public access, no SPI) and prints one
line per leak: the module, the symbol's path, and why. Exits 1 if there is any.
"""

import json
import pathlib
import re
import sys

# Types only generated code and sibling modules may touch: building requests, coding the wire,
# the envelope around bodies, the client's engine and the mock's codecs.
PLUMBING_TYPES = {
    "RequestBuilder", "WireCoding", "EnvelopedPayload", "EnvelopedError", "AnyCodingKey", "ClientCore",
    "WireEnvelope", "Redaction", "FailureClassification", "WireCodec", "WireSchema", "WireField",
    "WireUnionCase", "WireValidated", "Locked", "NoContent",
}
# Members that are plumbing whatever their type: each namespace's operation table, the redaction
# marker, the coder's envelope key, the decimal writer and the failure classifier.
PLUMBING_MEMBERS = {"Operations", "redacted", "specsmithEnvelope", "encodeDecimal", "classified", "text(scale:)"}
# A stored or computed value that hands out a credential.
SECRET = re.compile(
    r"(session|connection|access|bearer|refresh)Token$|(server|api|merchant|secret|private)Key$|^secret$|^sessionToken$",
    re.IGNORECASE,
)
VALUE_KINDS = {"swift.property", "swift.type.property", "swift.var", "swift.func", "swift.method", "swift.type.method"}


def bare(component):
    return component.split("(")[0]


def leaks(graph):
    module = graph["module"]["name"]
    symbols = {symbol["identifier"]["precise"]: symbol for symbol in graph["symbols"]}
    for symbol in graph["symbols"]:
        if symbol.get("spi"):
            continue
        path = symbol["pathComponents"]
        name = ".".join(path)
        fragments = symbol.get("declarationFragments", [])
        named = {fragment["spelling"] for fragment in fragments if fragment["kind"] == "typeIdentifier"}
        if plumbing := [component for component in path if bare(component) in PLUMBING_TYPES]:
            yield module, name, f"is part of {plumbing[0]}"
        elif plumbing := sorted(named & PLUMBING_TYPES):
            yield module, name, f"exposes {', '.join(plumbing)}"
        elif plumbing := [component for component in path if component in PLUMBING_MEMBERS or bare(component) in PLUMBING_MEMBERS]:
            yield module, name, f"is the plumbing member {bare(plumbing[0])}"
        elif (
            symbol["kind"]["identifier"] in VALUE_KINDS
            and SECRET.search(bare(path[-1]))
            and "ErrorCode" not in named  # an error code named after a credential holds none
        ):
            yield module, name, "hands out a credential"
    for relation in graph.get("relationships", []):
        target = relation.get("targetFallback", "").split(".")[-1]
        source = symbols.get(relation["source"])
        if source and not source.get("spi") and relation["kind"] in ("conformsTo", "inheritsFrom"):
            if target in PLUMBING_TYPES:
                yield module, ".".join(source["pathComponents"]), f"conforms to {target}"


# What each module's public surface must hold, so an empty or unreadable graph cannot pass.
EXPECTED = {
    "SpecsmithRuntime": ["HTTPTransport"],
    "BKMExpressLiteSDK": ["BKMExpress", "Failure"],
    "BKMExpressLiteBackend": ["BKMExpress", "BackendClient"],
    "PaymentKit": ["PaymentKitAPI", "Failure"],
    "PaymentKitBackend": ["PaymentKitAPI", "BackendClient"],
    "OpenNotificationCore": ["OpenNotification", "Failure"],
    "OpenNotificationExtension": ["NotificationServiceHandler"],
    "OpenNotification": ["OpenNotification", "Installation"],
    "OpenNotificationBackend": ["OpenNotification", "BackendClient"],
}


def main():
    folder = pathlib.Path(sys.argv[1])
    found, paths = set(), set()
    for file in sorted(folder.glob("*.symbols.json")):
        graph = json.load(open(file))
        found.update(leaks(graph))
        paths.update((graph["module"]["name"], tuple(symbol["pathComponents"])) for symbol in graph["symbols"])
    missing = [f"{module}: {'.'.join(path)}" for module, path in EXPECTED.items() if (module, tuple(path)) not in paths]
    for line in missing:
        print(f"{line} is missing from the public surface: the symbol graph was not read")
    for module, name, reason in sorted(found):
        print(f"{module}: {name} {reason}")
    modules = len({module for module, _ in paths})
    print(f"public surface: {len(found)} leak(s) in {modules} module(s), {len(paths)} public symbol(s)")
    sys.exit(1 if found or missing else 0)


if __name__ == "__main__":
    main()
