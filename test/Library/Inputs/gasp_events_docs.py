"""gasp_events_docs.py TABLE DOC: checks that the reference DOC
(docs/gasp-events.md) documents every event of the GASP event table TABLE
(runtime-glue/gasp-events/gasp_events.toml) with the table's types and
varargs, documents no other, and names every event of [unraised]. Prints
"N events documented" or each disagreement (exit status 1).

The doc's rows are `| `NAME` | TYPES | VARARGS |...`, with a row `| | END |
...` when END differs; VARARGS is `decl, decl`, none, "as broadcast",
"as reduce", "as `NAME`", or for END "the same, then `decl`"."""
import re
import sys
import tomllib

KINDS = {"int": "int", "size": "size_t", "ptr": "void *",
         "str": "const char *", "pts": "gasp_upc_PTS_t *",
         "lock": "gasp_upc_lock_t *", "flags": "int", "op": "int",
         "redtype": "gasp_upc_reduction_t",
         "handle": "gasp_upc_nb_handle_t"}
ALIASES = {"broadcast": "GASP_UPC_ALL_BROADCAST",
           "reduce": "GASP_UPC_ALL_REDUCE"}


def declarations(args):
    out = []
    for a in args:
        kind, name = a.split()
        ctype = KINDS[kind]
        out.append(ctype + ("" if ctype.endswith("*") else " ") + name)
    return out


with open(sys.argv[1], "rb") as f:
    table = tomllib.load(f)
events = {}
for e in table["event"]:
    start = e.get("args", e.get("start"))
    end = e.get("args", e.get("end"))
    events[e["name"]] = {"atomic": e.get("atomic", False),
                         "start": declarations(start),
                         "end": declarations(end)}
doc = open(sys.argv[2]).read()

documented = {}  # name -> {"START": [...], "END": [...], "ATOMIC": [...]}
errors = []
current = None
for line in doc.splitlines():
    m = re.match(r"\|\s*(?:`(GASP_[A-Z0-9_]+)`)?\s*\| ([A-Z ,/]+) \| "
                 r"([^|]+) \|", line)
    if not m:
        current = None if not line.startswith("|") else current
        continue
    name, types, varargs = m.group(1), m.group(2).strip(), m.group(3).strip()
    if name:
        if name in documented:
            errors.append("%s is documented twice" % name)
        current = name
        documented[name] = {}
    elif current is None:
        continue
    rows = documented[current]
    if varargs == "none":
        decls = []
    elif varargs.startswith("as "):
        other = varargs[3:].strip("`")
        other = ALIASES.get(other, other)
        decls = ("as", other)
    elif varargs.startswith("the same, then "):
        decls = rows.get("START", []) + [varargs[len("the same, then "):]
                                          .strip("`")]
    else:
        decls = [d.strip() for d in varargs.strip("`").split(",")]
    for t in re.split(r"\s*[,/]\s*", types):
        rows[t] = decls

for name, rows in documented.items():
    event = events.get(name)
    if event is None:
        errors.append("%s is documented but not in the event table" % name)
        continue
    for t, decls in list(rows.items()):
        if isinstance(decls, tuple):
            target = events.get(decls[1])
            if target is None:
                errors.append("%s: 'as %s' names no event" % (name, decls[1]))
                continue
            rows[t] = decls = target["end" if t == "END" else "start"]
        want = event["end"] if t == "END" else event["start"]
        if decls != want:
            errors.append("%s at %s: the doc says (%s), the table (%s)" %
                          (name, t, ", ".join(decls), ", ".join(want)))
    want_types = {"ATOMIC"} if event["atomic"] else {"START", "END"}
    if set(rows) != want_types:
        errors.append("%s: documented as %s, raised as %s" %
                      (name, "/".join(sorted(rows)),
                       "/".join(sorted(want_types))))
for name in events:
    if name not in documented:
        errors.append("%s is not documented" % name)
for name in table.get("unraised", {}):
    if "`%s`" % name not in doc:
        errors.append("%s (never raised) is not named" % name)

if errors:
    print("\n".join(errors))
    sys.exit(1)
print("%d events documented" % len(documented))
