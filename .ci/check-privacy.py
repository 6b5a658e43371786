#!/usr/bin/env python3
"""Privacy manifests: each is a property list of Apple's documented keys and values, each SDK ships
its own, and each declares exactly the required-reason API categories its product's sources call.

Usage (from the repository root):
  python3 .ci/check-privacy.py validate           every PrivacyInfo.xcprivacy the repository keeps
  python3 .ci/check-privacy.py scan               every library product that ships a manifest
  python3 .ci/check-privacy.py self-test          both checks against deliberately bad input

`scan` reads the package with `swift package dump-package`: a product's sources are those of its
targets and of every target they depend on (SpecsmithRuntime, SpecsmithCrypto), minus excluded paths.
The manifest a product ships may sit in any module it links (OpenNotification's is in
OpenNotificationCore, which its app and extension libraries share), one per product; mock, backend
and testing libraries are not scanned, since they never go into an app.
A category whose APIs a product's sources call must be declared (the failure names file:line); a
declared category that no product shipping the manifest calls is a failure too, since the manifest
should say what is true. The reasons
are a person's decision: they live in the spec (`service.privacy.accessedAPIs`), not here.

The known values come from Spec/specsmith.schema.json, which a Swift test keeps equal to the
generator's list (PrivacyVocabulary).
"""
import json
import pathlib
import plistlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
MANIFEST = "PrivacyInfo.xcprivacy"

# Apple's required-reason APIs ("Describing use of required reason API"), as Swift and C spell them.
# Beyond Apple's list: @AppStorage (SwiftUI's wrapper of UserDefaults), DispatchTime.uptimeNanoseconds
# and monotonic clock_gettime clocks (the boot-time clock under another name), and attributesOfItem
# (its answer carries the file's dates): declaring them is the cautious reading.
API_PATTERNS = {
    "NSPrivacyAccessedAPICategoryFileTimestamp": [
        r"\.creationDate\b", r"\.modificationDate\b", r"\bfileModificationDate\b", r"\bcontentModificationDateKey\b",
        r"\bcreationDateKey\b", r"\bNSFileCreationDate\b", r"\bNSFileModificationDate\b",
        r"\bNSURLContentModificationDateKey\b", r"\bNSURLCreationDateKey\b", r"\battributesOfItem\b",
        r"(?<![\w.])(?:getattrlist|getattrlistbulk|fgetattrlist|getattrlistat|stat|fstat|fstatat|lstat)\s*\(",
    ],
    "NSPrivacyAccessedAPICategorySystemBootTime": [
        r"\bsystemUptime\b", r"\bmach_absolute_time\b", r"\bmach_continuous_time\b", r"\buptimeNanoseconds\b",
        r"\bclock_gettime(?:_nsec_np)?\s*\(\s*CLOCK_(?:MONOTONIC|MONOTONIC_RAW|BOOTTIME|UPTIME_RAW)\b",
    ],
    "NSPrivacyAccessedAPICategoryDiskSpace": [
        r"\bvolumeAvailableCapacityKey\b", r"\bvolumeAvailableCapacityForImportantUsageKey\b",
        r"\bvolumeAvailableCapacityForOpportunisticUsageKey\b", r"\bvolumeTotalCapacityKey\b",
        r"\bsystemFreeSize\b", r"\.systemSize\b", r"\bNSFileSystemFreeSize\b", r"\bNSFileSystemSize\b",
        r"\bNSURLVolumeAvailableCapacity\w*Key\b", r"\bNSURLVolumeTotalCapacityKey\b",
        r"(?<![\w.])(?:statfs|statvfs|fstatfs|fstatvfs)\s*\(",
    ],
    "NSPrivacyAccessedAPICategoryActiveKeyboards": [r"\bactiveInputModes\b"],
    "NSPrivacyAccessedAPICategoryUserDefaults": [r"\bUserDefaults\b", r"\bNSUserDefaults\b", r"@AppStorage\b"],
}
COMPILED = {category: [re.compile(p) for p in patterns] for category, patterns in API_PATTERNS.items()}


def vocabulary(schema_path=ROOT / "Spec/specsmith.schema.json"):
    """Apple's values as the spec format's JSON Schema lists them."""
    defs = json.loads(schema_path.read_text())["$defs"]
    collected = defs["collectedData"]["properties"]
    apis = defs["privacy"]["properties"]["accessedAPIs"]["properties"]
    return {
        "types": set(collected["type"]["enum"]),
        "purposes": set(collected["purposes"]["items"]["enum"]),
        "reasons": {category: set(rule["items"]["enum"]) for category, rule in apis.items()},
    }


# MARK: - validate

def validate_manifest(path, words):
    """The problems of one manifest: anything but Apple's keys, their value types and known values."""
    try:
        with open(path, "rb") as handle:
            root = plistlib.load(handle)
    except Exception as error:  # plistlib raises several kinds for malformed input
        return [f"{path}: not a property list: {error}"]
    problems = []

    def fail(message):
        problems.append(f"{path}: {message}")

    def strings(value, where):
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            fail(f"{where} must be an array of strings")
            return []
        if len(set(value)) != len(value):
            fail(f"{where} repeats a value")
        return value

    if not isinstance(root, dict):
        return [f"{path}: the root must be a dictionary"]
    top = {"NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes", "NSPrivacyAccessedAPITypes"}
    for key in sorted(set(root) - top):
        fail(f"unknown key {key}")
    tracking = root.get("NSPrivacyTracking", False)
    if not isinstance(tracking, bool):
        fail("NSPrivacyTracking must be a boolean")
    domains = strings(root.get("NSPrivacyTrackingDomains", []), "NSPrivacyTrackingDomains")
    if tracking is True and not domains:
        fail("NSPrivacyTracking is true but NSPrivacyTrackingDomains is empty")
    if tracking is False and domains:
        fail("NSPrivacyTrackingDomains lists domains but NSPrivacyTracking is false")

    collected = root.get("NSPrivacyCollectedDataTypes", [])
    if not isinstance(collected, list):
        fail("NSPrivacyCollectedDataTypes must be an array")
        collected = []
    keys = ["NSPrivacyCollectedDataType", "NSPrivacyCollectedDataTypeLinked", "NSPrivacyCollectedDataTypeTracking",
            "NSPrivacyCollectedDataTypePurposes"]
    seen = set()
    for index, entry in enumerate(collected):
        where = f"NSPrivacyCollectedDataTypes[{index}]"
        if not isinstance(entry, dict):
            fail(f"{where} must be a dictionary")
            continue
        if set(entry) != set(keys):
            fail(f"{where} must have exactly the keys {', '.join(keys)} (has {', '.join(sorted(entry))})")
        kind = entry.get("NSPrivacyCollectedDataType")
        if kind not in words["types"]:
            fail(f"{where}: unknown data type {kind!r}")
        elif kind in seen:
            fail(f"{where}: {kind} is listed twice")
        seen.add(kind)
        for flag in keys[1:3]:
            if flag in entry and not isinstance(entry[flag], bool):
                fail(f"{where}: {flag} must be a boolean")
        if entry.get("NSPrivacyCollectedDataTypeTracking") is True and tracking is not True:
            fail(f"{where}: used for tracking, but NSPrivacyTracking is not true")
        purposes = strings(entry.get("NSPrivacyCollectedDataTypePurposes", []), f"{where} purposes")
        if not purposes:
            fail(f"{where}: no purpose")
        for purpose in purposes:
            if purpose not in words["purposes"]:
                fail(f"{where}: unknown purpose {purpose!r}")

    accessed = root.get("NSPrivacyAccessedAPITypes", [])
    if not isinstance(accessed, list):
        fail("NSPrivacyAccessedAPITypes must be an array")
        accessed = []
    seen = set()
    for index, entry in enumerate(accessed):
        where = f"NSPrivacyAccessedAPITypes[{index}]"
        if not isinstance(entry, dict):
            fail(f"{where} must be a dictionary")
            continue
        if set(entry) != {"NSPrivacyAccessedAPIType", "NSPrivacyAccessedAPITypeReasons"}:
            fail(f"{where} must have exactly the keys NSPrivacyAccessedAPIType, NSPrivacyAccessedAPITypeReasons")
        category = entry.get("NSPrivacyAccessedAPIType")
        if category not in words["reasons"]:
            fail(f"{where}: unknown category {category!r}")
            continue
        if category in seen:
            fail(f"{where}: {category} is listed twice")
        seen.add(category)
        reasons = strings(entry.get("NSPrivacyAccessedAPITypeReasons", []), f"{where} reasons")
        if not reasons:
            fail(f"{where}: no reason")
        for reason in reasons:
            if reason not in words["reasons"][category]:
                fail(f"{where}: {reason!r} is not a reason Apple approves for {category}")
    return problems


def kept_manifests():
    listed = subprocess.run(["git", "ls-files", "--", f"*{MANIFEST}"], cwd=ROOT, check=True, capture_output=True,
                            text=True).stdout.split()
    return [ROOT / path for path in listed]


def validate():
    words = vocabulary()
    manifests = kept_manifests()
    problems = [problem for path in manifests for problem in validate_manifest(path, words)]
    for path in manifests:
        print(f"{path.relative_to(ROOT)}: {'problems below' if any(p.startswith(str(path)) for p in problems) else 'ok'}")
    return problems if manifests else ["no PrivacyInfo.xcprivacy is kept in the repository"]


# MARK: - scan

def swift_files(folder, excluded):
    for path in sorted(folder.rglob("*.swift")):
        if not any(path == ex or ex in path.parents for ex in excluded):
            yield path


def calls(path):
    """(line number, category, matched text) for each required-reason API a source calls; comments do not count."""
    found = []
    in_block = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        code = ""
        rest = line
        while rest:
            if in_block:
                end = rest.find("*/")
                if end < 0:
                    rest = ""
                else:
                    rest, in_block = rest[end + 2:], False
                continue
            start_block, start_line = rest.find("/*"), rest.find("//")
            if start_line >= 0 and (start_block < 0 or start_line < start_block):
                code += rest[:start_line]
                rest = ""
            elif start_block >= 0:
                code += rest[:start_block]
                rest, in_block = rest[start_block + 2:], True
            else:
                code += rest
                rest = ""
        for category, patterns in COMPILED.items():
            for pattern in patterns:
                match = pattern.search(code)
                if match:
                    found.append((number, category, match.group(0).strip()))
                    break
    return found


def declared_categories(manifest):
    with open(manifest, "rb") as handle:
        root = plistlib.load(handle)
    return {entry.get("NSPrivacyAccessedAPIType") for entry in root.get("NSPrivacyAccessedAPITypes", [])}


def origin(manifest):
    """The spec a generated manifest names in its banner, where its declarations are fixed."""
    match = re.search(r"Generated by specsmith from (\S+)\. Do not edit\.", manifest.read_text(encoding="utf-8"))
    return match.group(1) if match else None


def scan_product(product, folders, manifest, root=ROOT, report_unused=True, used=None):
    """The problems of one product: each call of a category its manifest does not declare, and (with
    `report_unused`) each declared category nothing calls. `folders` are (folder, excluded paths) of
    every target it compiles. `used`, when given, receives the categories called and where."""
    problems = []
    declared = declared_categories(manifest)
    used = {} if used is None else used
    scanned = 0
    for folder, excluded in folders:
        for path in swift_files(folder, excluded):
            scanned += 1
            for number, category, text in calls(path):
                used.setdefault(category, []).append((path, number, text))
    if scanned == 0:
        return [f"{product}: no Swift source found in {', '.join(str(folder) for folder, _ in folders)}"]
    print(f"{product}: {scanned} Swift files scanned, calling {', '.join(sorted(used)) or 'no required-reason API'}")
    spec = origin(manifest)
    fix = f"declare it with its reason under service.privacy.accessedAPIs in {spec}" if spec else "declare it"
    shown = lambda path: path.relative_to(root) if path.is_relative_to(root) else path
    for category in sorted(set(used) - declared):
        for path, number, text in used[category]:
            problems.append(
                f"{shown(path)}:{number}: error: {text} is a required-reason API ({category}) that {product} calls, "
                f"but {shown(manifest)} does not declare it; {fix}")
    for category in sorted(declared - set(used)) if report_unused else []:
        problems.append(
            f"{shown(manifest)}: error: {product} declares {category}, but none of its sources calls its APIs; "
            f"remove it from {spec or 'the manifest'}")
    for category in sorted(declared & set(used)):
        sites = ", ".join(f"{shown(path)}:{number}" for path, number, _ in used[category][:3])
        print(f"{product}: {category} declared, called at {sites}{' and more' if len(used[category]) > 3 else ''}")
    return problems


def scan(package=None):
    if package is None:
        package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                            capture_output=True, text=True).stdout)
    targets = {target["name"]: target for target in package["targets"]}

    def folder(target):
        return ROOT / (target.get("path") or f"Sources/{target['name']}")

    def closure(name):
        seen, pending = [], [name]
        while pending:
            current = pending.pop()
            target = targets.get(current)
            if current in seen or target is None or target["type"] not in ("regular", "executable"):
                continue
            seen.append(current)
            for dependency in target.get("dependencies", []):
                for kind in ("byName", "target"):
                    if kind in dependency:
                        pending.append(dependency[kind][0])
        return seen

    problems = []
    products = 0
    for name, target in targets.items():
        has_file = (folder(target) / MANIFEST).exists()
        ships = any(resource["path"] == MANIFEST for resource in target.get("resources", []))
        if has_file and not ships:
            problems.append(f"Package.swift: error: target {name} keeps {MANIFEST} but does not declare it as a "
                            f'resource; add resources: [.copy("{MANIFEST}")]')
    # Every SDK a spec of Spec/ describes ships a manifest.
    for spec in sorted((ROOT / "Spec").glob("*.json")):
        if spec.name.endswith(".schema.json"):
            continue
        module = json.loads(spec.read_text())["service"]["module"]
        target = targets.get(module)
        if target is None or not any(resource["path"] == MANIFEST for resource in target.get("resources", [])):
            problems.append(f"Package.swift: error: {module} (the SDK of {spec.relative_to(ROOT)}) does not ship "
                            f"{MANIFEST} as a resource")
    # A manifest may sit in a module that several products link (OpenNotification's wire client is in
    # OpenNotificationCore, which the app's, the extension's and the backend's libraries all link).
    # Each product must declare every category its sources call; each declared category must be
    # called by at least one product that ships the manifest.
    callers = {}
    for product in package["products"]:
        if "library" not in product["type"]:
            continue
        # Mocks, merchant backends and test helpers never go into an app: Apple's rules are not theirs.
        if product["name"].endswith(("Mock", "Backend", "Testing")):
            continue
        compiled_targets = []
        for name in product["targets"]:
            compiled_targets += [t for t in closure(name) if t not in compiled_targets]
        shipped = [folder(targets[t]) / MANIFEST for t in compiled_targets
                   if any(resource["path"] == MANIFEST for resource in targets[t].get("resources", []))]
        if not shipped:
            continue
        if len(shipped) > 1:
            problems.append(f"{product['name']}: error: links {len(shipped)} privacy manifests "
                            f"({', '.join(str(m.relative_to(ROOT)) for m in shipped)}); keep one per product")
            continue
        manifest = shipped[0]
        products += 1
        compiled = [(folder(targets[t]), [folder(targets[t]) / ex for ex in targets[t].get("exclude", [])])
                    for t in compiled_targets]
        used = {}
        problems += scan_product(product["name"], compiled, manifest, report_unused=False, used=used)
        callers.setdefault(manifest, set()).update(used)
    for manifest, called in sorted(callers.items()):
        spec = origin(manifest)
        for category in sorted(declared_categories(manifest) - called):
            problems.append(
                f"{manifest.relative_to(ROOT)}: error: declares {category}, but no product that ships it calls "
                f"its APIs; remove it from {spec or 'the manifest'}")
    if products == 0:
        problems.append("no library product ships a privacy manifest: nothing was scanned")
    return problems


# MARK: - self-test

CANARY = """\
import Foundation
// UserDefaults.standard in a comment does not count, /* nor statfs( in a block */
struct Canary {
    func remember() { UserDefaults.standard.set(1, forKey: "k") }
    func age(_ path: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    }
    func uptime() -> TimeInterval { ProcessInfo.processInfo.systemUptime }
    /* a block
       mach_absolute_time() over lines */
    func status() -> Int { 0 }  // status( is not stat(
}
"""


def plist(root_dict):
    return plistlib.dumps(root_dict, fmt=plistlib.FMT_XML)


def self_test():
    """Each check fails on input made to fail, so neither can pass by finding nothing."""
    failures = []

    def compare(what, expected, found):
        if found != expected:
            failures.append(f"{what}:\n  expected " + "\n  ".join(expected) + "\n  found    " + "\n  ".join(found))

    words = vocabulary()
    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        sources = scratch / "Canary"
        (sources / "Excluded").mkdir(parents=True)
        (sources / "Canary.swift").write_text(CANARY)
        (sources / "Excluded" / "Disk.swift").write_text("let free = URLResourceKey.volumeAvailableCapacityKey\n")
        manifest = sources / MANIFEST
        manifest.write_bytes(plist({
            "NSPrivacyTracking": False, "NSPrivacyTrackingDomains": [], "NSPrivacyCollectedDataTypes": [],
            "NSPrivacyAccessedAPITypes": [
                {"NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryUserDefaults",
                 "NSPrivacyAccessedAPITypeReasons": ["CA92.1"]},
                {"NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryDiskSpace",
                 "NSPrivacyAccessedAPITypeReasons": ["E174.1"]},
            ],
        }))
        found = scan_product("Canary", [(sources, [sources / "Excluded"])], manifest, root=scratch)
        expected = [
            "Canary/Canary.swift:6: error: .modificationDate is a required-reason API "
            "(NSPrivacyAccessedAPICategoryFileTimestamp) that Canary calls, but Canary/PrivacyInfo.xcprivacy does not "
            "declare it; declare it",
            "Canary/Canary.swift:8: error: systemUptime is a required-reason API "
            "(NSPrivacyAccessedAPICategorySystemBootTime) that Canary calls, but Canary/PrivacyInfo.xcprivacy does not "
            "declare it; declare it",
            "Canary/PrivacyInfo.xcprivacy: error: Canary declares NSPrivacyAccessedAPICategoryDiskSpace, but none of "
            "its sources calls its APIs; remove it from the manifest",
        ]
        compare("scan of the canary", expected, found)
        bad = scratch / "bad.xcprivacy"
        bad.write_bytes(plist({
            "NSPrivacyTracking": "no", "NSPrivacyTrackingDomains": ["ads.example.com"], "NSPrivacyExtra": 1,
            "NSPrivacyCollectedDataTypes": [{
                "NSPrivacyCollectedDataType": "NSPrivacyCollectedDataTypePhoneNumbr",
                "NSPrivacyCollectedDataTypeLinked": 1, "NSPrivacyCollectedDataTypeTracking": False,
                "NSPrivacyCollectedDataTypePurposes": ["Marketing"]}],
            "NSPrivacyAccessedAPITypes": [{"NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryUserDefaults",
                                           "NSPrivacyAccessedAPITypeReasons": ["35F9.1"]}],
        }))
        problems = [problem.split(": ", 1)[1] for problem in validate_manifest(bad, words)]
        expected = [
            "unknown key NSPrivacyExtra",
            "NSPrivacyTracking must be a boolean",
            "NSPrivacyCollectedDataTypes[0]: unknown data type 'NSPrivacyCollectedDataTypePhoneNumbr'",
            "NSPrivacyCollectedDataTypes[0]: NSPrivacyCollectedDataTypeLinked must be a boolean",
            "NSPrivacyCollectedDataTypes[0]: unknown purpose 'Marketing'",
            "NSPrivacyAccessedAPITypes[0]: '35F9.1' is not a reason Apple approves for "
            "NSPrivacyAccessedAPICategoryUserDefaults",
        ]
        compare("validation of a bad manifest", expected, problems)
        good = scratch / "good.xcprivacy"
        good.write_bytes(manifest.read_bytes())
        if validate_manifest(good, words):
            failures.append(f"a good manifest was refused: {validate_manifest(good, words)}")
    return failures


def main(arguments):
    command = arguments[1] if len(arguments) == 2 else None
    checks = {"validate": validate, "scan": scan, "self-test": self_test}
    if command not in checks:
        print(__doc__)
        return 64
    problems = checks[command]()
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"privacy {command}: {'FAILED, ' + str(len(problems)) + ' problem(s)' if problems else 'ok'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
