"""Every example in an OpenAPI export validates against the schema beside it.

Usage: check-openapi-examples.py EXPORT.json...

Walks each operation's request body and responses, and every example of every media type (named
`examples` and a single `example`), and validates it with jsonschema (draft 2020-12) against that
media type's schema, with the export's components in reach of its `$ref`s. Prints each example that
does not fit, with where it is and why, and a count per export; exits 1 when any does not fit.
"""
import json
import sys

import jsonschema


def media_entries(document):
    for path, item in document.get("paths", {}).items():
        for method, operation in item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            where = f"{method.upper()} {path}"
            body = operation.get("requestBody", {})
            for media_type, media in body.get("content", {}).items():
                yield f"{where} request {media_type}", media
            for status, response in operation["responses"].items():
                for media_type, media in response.get("content", {}).items():
                    yield f"{where} {status} {media_type}", media


def examples_of(media):
    for name, example in media.get("examples", {}).items():
        if "value" in example:
            yield name, example["value"]
    if "example" in media:
        yield "example", media["example"]


def check(path):
    document = json.load(open(path))
    components = document.get("components", {})
    checked = failed = 0
    for where, media in media_entries(document):
        if "schema" not in media:
            continue
        schema = {"allOf": [media["schema"]], "components": components}
        validator = jsonschema.Draft202012Validator(schema)
        for name, value in examples_of(media):
            checked += 1
            problems = sorted(validator.iter_errors(value), key=lambda problem: list(problem.path))
            if problems:
                failed += 1
                for problem in problems:
                    at = "/".join(map(str, problem.path)) or "(the whole body)"
                    print(f"{path}: {where}: example \"{name}\": {at}: {problem.message}")
    print(f"{path}: {checked - failed} of {checked} examples fit their schemas")
    return failed == 0


if __name__ == "__main__":
    results = [check(path) for path in sys.argv[1:]]
    sys.exit(0 if results and all(results) else 1)
