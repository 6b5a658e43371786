#!/usr/bin/env python3
"""Replaces each `@Snippet(path: "…", slice: "…")` line of a DocC catalog's articles with that
region of an example program, as a Swift code block, and each `@Include(path: "…", slice: "…")` line
with that region of a Markdown file, as it is (a table kept in one README, say). Run by
Scripts/docs.sh on a scratch copy.

A region runs from a line `// snippet: name` (`<!-- snippet: name -->` in Markdown) to the next
`// snippet: end` (`<!-- snippet: end -->`); marker lines of other regions inside it are dropped,
and the common indentation of a code region is removed. Without `slice`, `@Snippet` quotes the whole
file (a spec, say), in the language its extension names. A missing file or
region, or a region named twice in one file, is an error, so a renamed example breaks the docs build
instead of silently dropping a sample.
"""
import pathlib
import re
import sys

DIRECTIVE = re.compile(r'^\s*@(Snippet|Include)\(path:\s*"([^"]+)"(?:,\s*slice:\s*"([^"]+)")?\)\s*$')
LANGUAGES = {".swift": "swift", ".json": "json", ".sh": "sh", ".py": "python"}
MARKER = re.compile(r"^\s*(?://|<!--) snippet: (\S+?)\s*(?:-->)?\s*$")


def regions(path):
    found, open_regions = {}, []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        marker = MARKER.match(line)
        if marker and marker.group(1) == "end":
            if not open_regions:
                sys.exit(f"{path}:{number}: error: `// snippet: end` without a region")
            open_regions.pop()
        elif marker:
            name = marker.group(1)
            if name in found:
                sys.exit(f"{path}:{number}: error: snippet region {name!r} is named twice")
            found[name] = []
            open_regions.append(name)
        else:
            for name in open_regions:
                found[name].append(line)
    if open_regions:
        sys.exit(f"{path}: error: snippet region {open_regions[-1]!r} has no `// snippet: end`")
    return found


def dedent(lines):
    indents = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
    cut = min(indents, default=0)
    return [line[cut:] if line.strip() else "" for line in lines]


def main(catalog):
    cache = {}
    for article in sorted(pathlib.Path(catalog).rglob("*.md")):
        lines, changed = [], False
        for number, line in enumerate(article.read_text().splitlines(), 1):
            directive = DIRECTIVE.match(line)
            if not directive:
                lines.append(line)
                continue
            kind, path, name = directive.groups()
            source = pathlib.Path(path)
            if not source.is_file():
                sys.exit(f"{article.name}:{number}: error: snippet file {path} does not exist")
            if name is None:
                language = LANGUAGES.get(source.suffix, "")
                lines += [f"```{language}", *source.read_text().splitlines(), "```"]
                changed = True
                continue
            if path not in cache:
                cache[path] = regions(source)
            if name not in cache[path]:
                sys.exit(f"{article.name}:{number}: error: {path} has no snippet region {name!r}")
            if kind == "Snippet":
                lines += ["```swift", *dedent(cache[path][name]), "```"]
            else:
                lines += cache[path][name]
            changed = True
        if changed:
            article.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
