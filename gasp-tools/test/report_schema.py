#!/usr/bin/env python3
"""Holds reports of the profile and trace tools (and of upc-prof merge) to
their schemas (gasp-tools/formats/, docs/gasp-tools.md "Report formats"):
every field declared, of its type, none missing that the schema requires.

  report_schema.py PYTHON_DIR REPORT.json...

PYTHON_DIR holds upc-prof's package (the build tree's or an install's
lib/upc-instrument/python): its schemas and validator are the ones
upc-prof reads reports with. Strict here: a field the schema does not
declare is an error (upc-prof itself ignores one). Where Python's jsonschema
module is importable, the schemas are also checked to be valid JSON Schema
and each report is validated by it too, so that the small validator cannot
drift from the standard unnoticed. check.py imports problems().
"""

import json
import sys


def load_schema_module(python_dir):
    # No __pycache__ left in the build tree or an install (as upc-prof).
    sys.dont_write_bytecode = True
    sys.path.insert(0, python_dir)
    from upc_prof import schema
    return schema


def kind_of(doc):
    if isinstance(doc, dict) and doc.get("tool") == "upc-gasp-profile":
        return "profile"
    return "trace"


def reference_validator(schema_mod, kind):
    """jsonschema's validator of the kind's schema, or None without it."""
    try:
        import jsonschema
    except ImportError:
        return None
    s = schema_mod.schema(kind)
    jsonschema.Draft202012Validator.check_schema(s)
    return jsonschema.Draft202012Validator(s)


def problems(schema_mod, doc):
    """Every way doc breaks its schema, as text."""
    kind = kind_of(doc)
    s = schema_mod.schema(kind)
    bad = schema_mod.unknown_keywords(s)
    if bad:
        return ["%s.schema.json uses keywords the validator does not apply: "
                "%s" % (kind, ", ".join(bad))]
    first = schema_mod.first_problem(doc, kind, strict=True)
    out = ["%s: %s" % first] if first else []
    ref = reference_validator(schema_mod, kind)
    if ref is not None:
        out += ["jsonschema: %s: %s" % ("/".join(map(str, e.absolute_path)),
                                       e.message)
                for e in ref.iter_errors(doc)]
    return out


def main(argv):
    schema_mod = load_schema_module(argv[0])
    failed = False
    for path in argv[1:]:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        found = problems(schema_mod, doc)
        for p in found[:20]:
            print("%s: does not fit %s.schema.json: %s"
                  % (path, kind_of(doc), p))
        failed |= bool(found)
    if not failed:
        print("%d report%s fit their schemas" % (
            len(argv) - 1, "" if len(argv) == 2 else "s"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
