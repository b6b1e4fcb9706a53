"""MIR requests from Python arguments (sections 2 to 5), and what a probe's
last defining request says about its measurement documents (section 6)."""

import xml.etree.ElementTree as ET

from .errors import MirError

# The entity levels, outermost first (MIR, section 3).
LEVELS = ("site", "node", "communicator", "process", "thread")
ACTIONS = ("VALUE", "ACTIVATE", "DEACTIVATE", "RESET", "REMOVE")
AGGREGATES = ("AVERAGE", "MAXIMUM", "MINIMUM", "SUM", "VARIANCE")
WILDCARDS = ("*", "?")
# A probe measures WC_TIME when its request names no metric (docs/mir.md).
DEFAULT_METRICS = ("WC_TIME",)


class Entity:
    """An entity element of a request: <thread id="*"/>, or
    Entity("process", "0", [Entity("thread", "*")])."""

    def __init__(self, level, id, children=()):
        if level not in LEVELS:
            raise MirError("unknown entity level '%s' (one of %s)"
                           % (level, ", ".join(LEVELS)))
        self.level, self.id, self.children = level, str(id), list(children)

    @property
    def wildcard(self):
        return self.id in WILDCARDS

    def __repr__(self):
        return "Entity(%r, %r%s)" % (self.level, self.id, ", %r" %
                                     self.children if self.children else "")

    def __eq__(self, other):
        return (isinstance(other, Entity) and
                (self.level, self.id, self.children) ==
                (other.level, other.id, other.children))


def thread(id="*"):
    return Entity("thread", id)


def process(id, *children):
    return Entity("process", id, children)


class Measuring:
    """A measuring element: interval, delivery, duration (ms), destination
    (a path or file: URI) and aggregate functions (None: no aggregate
    element, so a control request leaves the probe's as they are)."""

    def __init__(self, interval=None, delivery=None, destination=None,
                 duration=None, aggregates=None):
        self.interval, self.delivery = interval, delivery
        self.destination, self.duration = destination, duration
        self.aggregates = None if aggregates is None else list(aggregates)
        for f in self.aggregates or ():
            if f not in AGGREGATES:
                raise MirError("unknown aggregate function '%s' (one of %s)"
                               % (f, ", ".join(AGGREGATES)))


def _bool(v):
    return None if v is None else ("true" if v else "false")


def _entities(parent, entities):
    for e in entities:
        el = ET.SubElement(parent, e.level, id=e.id)
        _entities(el, e.children)


def _settings(root, metrics, measuring, entities):
    for m in metrics:
        ET.SubElement(root, "metric", name=m)
    if measuring is not None:
        attrs = {k: str(v) for k, v in (
            ("interval", measuring.interval), ("delivery", measuring.delivery),
            ("destination", measuring.destination),
            ("duration", measuring.duration)) if v is not None}
        el = ET.SubElement(root, "measuring", attrs)
        for f in measuring.aggregates or ():
            ET.SubElement(el, "aggregate", function=f)
    _entities(root, entities)


def _text(root):
    # ElementTree escapes attribute values and text.
    return ET.tostring(root, encoding="unicode")


def _attrs(**kw):
    return {k: v for k, v in kw.items() if v is not None}


def as_entities(entities):
    """None, one Entity or several."""
    if entities is None:
        return []
    if isinstance(entities, Entity):
        return [entities]
    return list(entities)


def sirreq(resources=("*",)):
    """<sirreq>: each resource an `in` string or an (in, out) pair; "*" asks
    a running program for its whole SIR."""
    root = ET.Element("sirreq")
    for r in resources:
        i, o = (r, None) if isinstance(r, str) else r
        ET.SubElement(root, "resource", _attrs(**{"in": i, "out": o}))
    return _text(root)


def instrreq(region, to=None, metrics=(), entities=None, measuring=None,
             activated=None, flush=None):
    """<instrreq> for the region (a SIR id: unit or codeRegion) or the
    statements from region to `to`."""
    root = ET.Element("instrreq", _attrs(activated=_bool(activated),
                                         flush=_bool(flush)))
    ET.SubElement(root, "codeRegion", _attrs(**{"from": region, "to": to}))
    _settings(root, metrics, measuring, as_entities(entities))
    return _text(root)


def ctrlreq(action, probes, metrics=(), entities=None, measuring=None,
            flush=None):
    """<ctrlreq action="..."> on probe ids."""
    if action not in ACTIONS:
        raise MirError("unknown action '%s' (one of %s)"
                       % (action, ", ".join(ACTIONS)))
    if isinstance(probes, str):
        probes = [probes]
    if not probes:
        raise MirError("a control request names at least one probe")
    root = ET.Element("ctrlreq", _attrs(action=action, flush=_bool(flush)))
    for p in probes:
        ET.SubElement(root, "probe", id=p)
    _settings(root, metrics, measuring, as_entities(entities))
    return _text(root)


def snapshotreq(named=None, stack=None):
    """<snapshotreq>: names of the entities, and up to `stack` frames of each
    thread's call stack."""
    return _text(ET.Element("snapshotreq", _attrs(
        named=_bool(named), stack=None if stack is None else str(stack))))


class ProbeSpec:
    """What a probe's last defining request says of its measurement
    documents (MIR, section 6): its metrics in order, its entity elements,
    its aggregate functions."""

    def __init__(self, metrics=(), entities=None, aggregates=()):
        self.metrics = list(metrics) or list(DEFAULT_METRICS)
        self.entities = as_entities(entities)
        self.aggregates = list(aggregates or ())

    def update(self, metrics=(), entities=None, measuring=None):
        """A control request's settings: what it leaves out stays."""
        if metrics:
            self.metrics = list(metrics)
        if entities:
            self.entities = as_entities(entities)
        if measuring is not None and measuring.aggregates is not None:
            self.aggregates = list(measuring.aggregates)

    @classmethod
    def from_request(cls, text):
        """The spec of an instrreq document (a compiled probe's request)."""
        spec = cls()
        spec.update_from_request(text)
        return spec

    def update_from_request(self, text):
        """Applies an instrreq's or ctrlreq's settings, given as XML."""
        try:
            root = ET.fromstring(text)
        except ET.ParseError as e:
            raise MirError("malformed request: %s" % e)
        metrics = [m.get("name") for m in root.findall("metric")]
        entities = [_entity_of(e) for e in root if e.tag in LEVELS]
        measuring = None
        m = root.find("measuring")
        if m is not None:
            aggs = m.findall("aggregate")
            measuring = Measuring(aggregates=[
                a.get("function") for a in aggs if a.get("function")]
                if aggs else None)
        self.update(metrics, entities, measuring)
        return self


def _entity_of(el):
    return Entity(el.tag, el.get("id", ""),
                  [_entity_of(c) for c in el if c.tag in LEVELS])
