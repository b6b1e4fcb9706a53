"""A SIR document (docs/mir.md, "The document") as Python objects: files,
their units (functions) and the code regions nested in them."""

import xml.etree.ElementTree as ET

from .documents import expect, parse_xml
from .errors import MirError


class Region:
    """A unit or a codeRegion: id, type (`function` for a unit), name, the
    other attributes, its file, its position (startLine, startColumn,
    endLine, endColumn), the regions inside it, the one around it (None for
    a unit) and its unit."""

    def __init__(self, el, file, parent, unit):
        self.id = el.get("id")
        self.type = el.get("type")
        self.name = el.get("name")
        self.attrs = {k: v for k, v in el.attrib.items()
                      if k not in ("id", "type", "name")}
        self.file = file
        self.parent = parent
        self.unit = unit or self
        pos = el.find("position")
        self.position = tuple(int(pos.get(k)) for k in (
            "startLine", "startColumn", "endLine", "endColumn")) \
            if pos is not None else None
        self.children = [Region(c, file, self, self.unit)
                         for c in el if c.tag == "codeRegion"]

    @property
    def is_unit(self):
        return self.parent is None

    @property
    def location(self):
        """file:line:col of the region's first character."""
        if not self.position:
            return self.file
        return "%s:%d:%d" % (self.file, self.position[0], self.position[1])

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()

    def depth(self):
        d, r = 0, self
        while r.parent is not None:
            d, r = d + 1, r.parent
        return d

    def __repr__(self):
        return "Region(%r)" % self.id


class Sir:
    """The units of a SIR document, and every region by id."""

    def __init__(self, root):
        expect(root, "sir")
        self.units = []
        self.files = []
        for f in root.findall("file"):
            name = f.get("name")
            self.files.append(name)
            self.units += [Region(u, name, None, None)
                           for u in f.findall("unit")]
        self.by_id = {r.id: r for u in self.units for r in u.walk()}

    def __getitem__(self, id):
        try:
            return self.by_id[id]
        except KeyError:
            raise MirError("no region '%s' in the SIR" % id)

    def __contains__(self, id):
        return id in self.by_id

    def regions(self):
        for u in self.units:
            yield from u.walk()

    def units_named(self, name):
        return [u for u in self.units if u.name == name]

    def callee(self, call):
        """The unit a call region calls, when the SIR has it: the one of
        that name, in the caller's file if several (static functions)."""
        units = self.units_named(call.name)
        if len(units) > 1:
            units = [u for u in units if u.file == call.file] or units
        return units[0] if units else None

    def main(self):
        found = self.units_named("main")
        return found[0] if found else None


def parse_sir(text):
    return Sir(parse_xml(text))


def load_sir(path):
    try:
        with open(path, "rb") as f:
            return parse_sir(f.read())
    except OSError as e:
        raise MirError("cannot read %s: %s" % (path, e.strerror))
    except ET.ParseError as e:
        raise MirError("%s: %s" % (path, e))
