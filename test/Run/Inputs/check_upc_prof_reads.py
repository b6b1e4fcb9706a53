"""Holds upc-prof's reading of reports to their schemas (gasp-tools/formats/,
docs/gasp-tools.md "Report formats").

  check_upc_prof_reads.py BIN_DIR REPORT.json...

1. Reads: upc-prof (BIN_DIR/upc-prof, run in this process) reads the reports
   in every view (the table, --by, --threads, --matrix, --html, merge) for
   profiles, merge for traces, with each object of a report a dict that
   records the keys asked of it (by [], get, in). A key the schema does not
   declare for that object fails the check: upc-prof would read a field no
   tool writes. (Objects upc-prof copies are its own and not followed.)
2. Required fields: for each field the schema requires, at each place, the
   reports with that field taken out of the first object that has it must
   get upc-prof's error naming the field, not a traceback.
"""

import contextlib
import io
import json
import os
import runpy
import sys
import tempfile
import traceback
import types

BIN_DIR, PATHS = sys.argv[1], sys.argv[2:]
# upc-prof puts its package on sys.path; main() and the modules are the
# installed ones.
CLI = runpy.run_path(os.path.join(BIN_DIR, "upc-prof"), run_name="upc_prof_cli")
from upc_prof import reports, schema  # noqa: E402
from upc_prof.errors import Error  # noqa: E402

READ, UNDECLARED = set(), set()
# upc-prof tells a profile (tool) from a trace (otherData.tool) before it
# knows which schema applies: asking for the other kind's field is allowed.
KIND_FIELDS = {("report", "otherData"), ("report", "tool")}


class Recorded(dict):
    """A report's object; declared: the keys its schema declares, or None
    for a map (categories_s, args) whose keys are any."""

    def note(self, key):
        if self.declared is None or key in self.declared:
            READ.add((self.where, key))
        else:
            UNDECLARED.add((self.where, key))

    def __getitem__(self, key):
        self.note(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.note(key)
        return super().get(key, default)

    def __contains__(self, key):
        self.note(key)
        return super().__contains__(key)

    def setdefault(self, key, default=None):
        self.note(key)
        return super().setdefault(key, default)

    def pop(self, key, *default):
        self.note(key)
        return super().pop(key, *default)


def wrap(value, node, root, where):
    node = schema.resolve(node, root)
    if isinstance(value, list):
        return [wrap(v, node.get("items", {}), root, where + "[]")
                for v in value]
    if not isinstance(value, dict):
        return value
    props = node.get("properties", {})
    extra = node.get("additionalProperties", True)
    out = Recorded()
    out.where = where or "report"
    out.declared = set(props) if props or extra is False else None
    for k, v in value.items():
        sub = props.get(k, extra if isinstance(extra, dict) else {})
        dict.__setitem__(out, k, wrap(v, sub, root,
                                      (where + "." if where else "") + k))
    return out


def kind_of(doc):
    return "profile" if doc.get("tool") == reports.PROFILE_TOOL else "trace"


def recording_load(f):
    doc = json.load(f)
    if not isinstance(doc, dict):
        return doc
    s = schema.schema(kind_of(doc))
    return wrap(doc, s, s, "")


def runs(kind, paths, out_dir):
    """upc-prof's command lines that read every part of the reports."""
    if kind == "trace":
        return [["merge", "-o", os.path.join(out_dir, "merged.json")]
                + paths]
    return [paths, ["--threads"] + paths, ["--by", "function"] + paths,
            ["--by", "file", "--threads"] + paths, ["--by", "event"] + paths,
            ["--matrix"] + paths,
            ["--html", os.path.join(out_dir, "page.html")] + paths,
            ["merge", "-o", os.path.join(out_dir, "merged.json")] + paths]


def run(argv):
    with contextlib.redirect_stdout(io.StringIO()):
        return CLI["main"](argv)


def required_places(value, node, root, where, places):
    """(place, key, path of the object) for each required key, the first
    object of each place."""
    node = schema.resolve(node, root)
    if isinstance(value, list):
        for i, v in enumerate(value):
            required_places(v, node.get("items", {}), root, where + [i],
                            places)
    elif isinstance(value, dict):
        place = "".join("[]" if isinstance(p, int) else "." + p
                        for p in where) or "report"
        for key in node.get("required", []):
            places.setdefault((place, key), where)
        props = node.get("properties", {})
        for k, v in value.items():
            if k in props:
                required_places(v, props[k], root, where + [k], places)


def check_required(kind, docs, out_dir):
    s = schema.schema(kind)
    places = {}
    for i, doc in enumerate(docs):
        found = {}
        required_places(doc, s, s, [], found)
        for place, where in found.items():
            places.setdefault(place, (i, where))
    bad = []
    for (place, key), (i, where) in sorted(places.items()):
        changed = json.loads(json.dumps(docs))
        obj = changed[i]
        for p in where:
            obj = obj[p]
        del obj[key]
        paths = []
        for j, doc in enumerate(changed):
            paths.append(os.path.join(out_dir, "r%d.json" % j))
            with open(paths[-1], "w") as f:
                json.dump(doc, f)
        try:
            run(runs(kind, paths, out_dir)[0])
            bad.append("%s without %s: read without an error"
                       % (place, key))
        except Error as e:
            if key not in str(e):
                bad.append("%s without %s: the error does not name it: %s"
                           % (place, key, e))
        except Exception:
            bad.append("%s without %s: a traceback:\n%s"
                       % (place, key, traceback.format_exc()))
    return len(places), bad


def main():
    docs = []
    for p in PATHS:
        with open(p, encoding="utf-8") as f:
            docs.append(json.load(f))
    kinds = {kind_of(d) for d in docs}
    assert len(kinds) == 1, "reports of one kind: %s" % kinds
    kind = kinds.pop()
    failed = False
    with tempfile.TemporaryDirectory() as out_dir:
        real_json = reports.json
        reports.json = types.SimpleNamespace(
            load=recording_load, JSONDecodeError=json.JSONDecodeError)
        try:
            for argv in runs(kind, PATHS, out_dir):
                run(argv)
        finally:
            reports.json = real_json
        for where, key in sorted(UNDECLARED - KIND_FIELDS):
            print("FAIL: upc-prof reads %s of %s, which %s.schema.json does "
                  "not declare" % (key, where, kind))
            failed = True
        print("%s: upc-prof read %d fields the schema declares, %d it does "
              "not" % (kind, len(READ), len(UNDECLARED - KIND_FIELDS)))
        n, bad = check_required(kind, docs, out_dir)
        for b in bad:
            print("FAIL: " + b)
        failed |= bool(bad)
        print("%s: %d required fields, each refused by name when missing"
              % (kind, n) if not bad else "%s: %d of %d required fields "
              "not refused by name" % (kind, len(bad), n))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
