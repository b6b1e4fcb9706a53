"""The report formats' schemas (profile.schema.json, trace.schema.json,
package data from gasp-tools/formats/) and a validator of the part of JSON
Schema they use: upc-prof checks each report against its schema when it
loads it, and the tests check the tools' output with the same schemas."""

import importlib.resources
import json
import math

from .errors import Error

# The keywords this validator applies, and those it reads as annotations
# only. A schema with any other keyword would be checked wrongly, so the
# tests refuse one (unknown_keywords).
KEYWORDS = {"type", "const", "enum", "minimum", "exclusiveMinimum",
            "properties", "required", "additionalProperties", "items", "$ref"}
ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description"}

SCHEMA_FILES = {"profile": "profile.schema.json", "trace": "trace.schema.json"}

_loaded = {}


def schema(kind):
    """The schema of a kind of report ("profile" or "trace")."""
    if kind not in _loaded:
        text = importlib.resources.files(__package__).joinpath(
            SCHEMA_FILES[kind]).read_text(encoding="utf-8")
        _loaded[kind] = json.loads(text)
    return _loaded[kind]


def resolve(node, root):
    """node, or the definition its $ref names (only "#/$defs/NAME")."""
    while "$ref" in node:
        node = root["$defs"][node["$ref"][len("#/$defs/"):]]
    return node


def is_number(v):
    # bool is a Python int, but not a JSON number; NaN and infinities, which
    # Python's json reads, are not JSON numbers either.
    return type(v) is int or (type(v) is float and math.isfinite(v))


# Per JSON type, whether a value read by json is of it (subclasses of dict
# and list count: the tests record reads through one).
IS_TYPE = {
    "integer": lambda v: type(v) is int,
    "number": is_number,
    "string": lambda v: type(v) is str,
    "boolean": lambda v: type(v) is bool,
    "null": lambda v: v is None,
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
}


TYPE_NAMES = {"object": "an object", "array": "a list", "string": "a string",
              "integer": "an integer", "number": "a number",
              "boolean": "true or false", "null": "null"}


def compile_node(node, root, strict):
    """A function of a value giving None, or the first way it breaks the
    schema node: (the path below the node as a list, why). Compiled once
    per schema, since a trace has a schema object per event."""
    node = resolve(node, root)
    types = node.get("type")
    types = [types] if isinstance(types, str) else types or []
    not_types = "not " + " or ".join(TYPE_NAMES[t] for t in types)
    preds = [IS_TYPE[t] for t in types]
    type_ok = (preds[0] if len(preds) == 1 else
               (lambda v: any(p(v) for p in preds)) if preds else None)
    has_const, const = "const" in node, node.get("const")
    enum = node.get("enum")
    low, above = node.get("minimum"), node.get("exclusiveMinimum")
    required = node.get("required", ())
    props = {k: compile_node(v, root, strict)
             for k, v in node.get("properties", {}).items()}
    extra = node.get("additionalProperties", True)
    extra_fn = compile_node(extra, root, strict) if isinstance(
        extra, dict) else None
    # strict: a property the schema does not declare is a problem (the
    # tests hold the writers to that); otherwise it is ignored, so that
    # upc-prof reads the reports of newer tools.
    refuse_extra = strict and extra is False
    items_fn = compile_node(node["items"], root, strict) if (
        "items" in node) else None

    def check(v):
        if type_ok is not None and not type_ok(v):
            return [], not_types
        if has_const and v != const:
            return [], "not %s" % json.dumps(const)
        if enum is not None and v not in enum:
            return [], "not one of %s" % ", ".join(json.dumps(e)
                                                   for e in enum)
        if low is not None and is_number(v) and v < low:
            return [], "less than %s" % low
        if above is not None and is_number(v) and v <= above:
            return [], "not greater than %s" % above
        if isinstance(v, dict):
            for key in required:
                if key not in v:
                    return [], "no %s" % key
            for key, sub in v.items():
                fn = props.get(key, extra_fn)
                if fn is None:
                    if refuse_extra:
                        return [key], "not a field of the format"
                    continue
                bad = fn(sub)
                if bad:
                    bad[0].insert(0, key)
                    return bad
        elif isinstance(v, list) and items_fn is not None:
            for i, item in enumerate(v):
                bad = items_fn(item)
                if bad:
                    bad[0].insert(0, i)
                    return bad
        return None
    return check


_compiled = {}


def first_problem(doc, kind, strict=False):
    """None, or (where, why) for the first way doc breaks the kind's
    schema; where is a path such as events[3].count."""
    if (kind, strict) not in _compiled:
        _compiled[kind, strict] = compile_node(schema(kind), schema(kind),
                                               strict)
    bad = _compiled[kind, strict](doc)
    if bad is None:
        return None
    where = "".join("[%d]" % p if isinstance(p, int) else "." + p
                    for p in bad[0]).lstrip(".")
    return where or "report", bad[1]


def check(path, doc, kind):
    """Refuses a report that breaks its schema, naming the first problem
    (upc-prof's error, exit status 1)."""
    bad = first_problem(doc, kind)
    if bad is not None:
        raise Error("%s: malformed %s: %s" % (path, bad[0], bad[1]))


def unknown_keywords(node, root=None, where="#"):
    """The keywords of a schema that this validator does not know."""
    root = root if root is not None else node
    out = [where + "/" + k for k in node
           if k not in KEYWORDS | ANNOTATIONS]
    for k, sub in node.get("properties", {}).items():
        out += unknown_keywords(sub, root, "%s/properties/%s" % (where, k))
    for k, sub in node.get("$defs", {}).items():
        out += unknown_keywords(sub, root, "%s/$defs/%s" % (where, k))
    for k in ("items", "additionalProperties"):
        if isinstance(node.get(k), dict):
            out += unknown_keywords(node[k], root, where + "/" + k)
    return out
