"""The text of a value in a table cell, and of a row's source position and
detail."""


def fixed(digits):
    return lambda v: "-" if v is None else "%.*f" % (digits, v)


def integer(v):
    return "-" if v is None else "%d" % v


def percent(v):
    return "-" if v is None else "%.1f%%" % (100.0 * v)


def text(v):
    return v or ""


def location(r):
    where = r.get("file") or "<unknown>"
    if r.get("line") is None:
        return where
    return "%s:%s:%s" % (where, r.get("line"), r.get("col"))


def detail(r):
    if r.get("type"):
        return "%s %s" % (r["type"], r.get("detail") or "")
    return r.get("detail") or ""
