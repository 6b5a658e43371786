#!/usr/bin/env python3
"""Every place library code opts out of Swift's checks says why it is safe.

Looks through Sources/ and Generator/ for the constructs that move a safety proof from the compiler
to the reader: `@unchecked Sendable`, `nonisolated(unsafe)`, unchecked continuations, `Unmanaged`,
memory allocated or reinterpreted by hand, and unsafe pointers kept in stored properties. Each needs
a comment on its line or within the three lines above it. Scoped `withUnsafe...` calls whose pointer
never leaves its closure are not listed: the standard library's contract is their proof.

Prints each site without a reason and exits 1 if there is one; prints the count of sites otherwise.
"""
import pathlib
import re
import sys

ROOTS = ["Sources", "Generator"]
PATTERNS = [
    (re.compile(r"@unchecked\s+Sendable"), "@unchecked Sendable"),
    (re.compile(r"nonisolated\(unsafe\)"), "nonisolated(unsafe)"),
    (re.compile(r"\b(withUnsafe(Throwing)?Continuation|Unsafe(Throwing)?Continuation)\b"), "unchecked continuation"),
    (re.compile(r"\bUnmanaged<"), "Unmanaged"),
    (re.compile(r"\.allocate\((capacity|byteCount):"), "manual allocation"),
    (re.compile(r"\b(assumingMemoryBound|bindMemory|unsafeBitCast)\("), "memory reinterpreted"),
    (re.compile(r"Unsafe\w*Pointer\(mutating:"), "const cast away"),
    (re.compile(r"unsafeUninitializedCapacity"), "uninitialised storage"),
    (re.compile(r"^\s*(private |fileprivate |package |public )?(let|var)\s+\w+\s*:\s*Unsafe\w*Pointer"),
     "stored unsafe pointer"),
]
LOOKBACK = 3


def has_reason(lines, index):
    if "//" in lines[index]:
        return True
    for previous in lines[max(0, index - LOOKBACK):index]:
        if previous.strip().startswith("//"):
            return True
    return False


def main():
    root = pathlib.Path(__file__).resolve().parent.parent
    sites, missing = 0, []
    for folder in ROOTS:
        for path in sorted((root / folder).rglob("*.swift")):
            lines = path.read_text(encoding="utf-8").splitlines()
            for index, line in enumerate(lines):
                code = line.split("//", 1)[0]
                for pattern, kind in PATTERNS:
                    if pattern.search(code):
                        sites += 1
                        if not has_reason(lines, index):
                            missing.append(f"{path.relative_to(root)}:{index + 1}: {kind} without a why-comment")
                        break
    for entry in missing:
        print(entry)
    if missing:
        print(f"{len(missing)} of {sites} unsafe sites say nothing about why they are safe")
        return 1
    print(f"unsafe audit: {sites} sites, each with its reason")
    return 0


if __name__ == "__main__":
    sys.exit(main())
