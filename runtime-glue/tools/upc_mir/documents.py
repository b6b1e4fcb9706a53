"""The program's answers as Python objects: errors (section 7) raise
MirError, a probe document gives the probe's id (section 4), a measurement
document its values per probe, entity and metric (section 6), a snapshot
its tree of entities (section 3)."""

import itertools
import xml.etree.ElementTree as ET

from .errors import MirError
from .requests import LEVELS, ProbeSpec

# A measurement element's attribute of each entity level.
ID_ATTRS = {level: level + "Id" for level in LEVELS}


def parse_xml(text):
    """The root element of an answer (text, bytes, or an element already
    parsed); an errors document raises MirError with its messages."""
    if isinstance(text, ET.Element):
        root = text
    else:
        if isinstance(text, bytes):
            text = text.decode("utf-8", errors="replace")
        try:
            root = ET.fromstring(text)
        except ET.ParseError as e:
            raise MirError("the answer is not an XML document (%s): %.200s"
                           % (e, text))
    if root.tag == "errors":
        raise MirError(*[(e.text or "").strip() for e in root.iter("error")])
    return root


def expect(root, tag):
    if root.tag != tag:
        raise MirError("expected a <%s> document, got <%s>" % (tag, root.tag))
    return root


def parse_probe(text):
    """A probe document: the new probe's id."""
    root = expect(parse_xml(text), "probe")
    pid = root.get("id")
    if not pid:
        raise MirError("a probe document without an id")
    return pid


class Value:
    """One value of a measurement document: the probe, the metric (from the
    last defining request), the entity's ids by level (those the document
    says, and those the request named), the aggregate function (None for
    a value of an entity) and the value."""

    __slots__ = ("probe", "metric", "entity", "function", "value")

    def __init__(self, probe, metric, entity, function, value):
        self.probe, self.metric, self.entity = probe, metric, entity
        self.function, self.value = function, value

    @property
    def thread(self):
        t = self.entity.get("thread")
        return None if t is None else int(t)

    def __repr__(self):
        return "Value(%r, %r, %r, %r, %r)" % (
            self.probe, self.metric, self.entity, self.function, self.value)


class Measurement:
    """A measurement document's values, in the document's order."""

    def __init__(self, values):
        self.values = list(values)
        self._by_thread = None

    def __iter__(self):
        return iter(self.values)

    def __len__(self):
        return len(self.values)

    def select(self, probe=None, metric=None, function=None, **entity):
        return [v for v in self.values
                if (probe is None or v.probe == probe)
                and (metric is None or v.metric == metric)
                and (function is None or v.function == function)
                and all(v.entity.get(k) == str(i) for k, i in entity.items())]

    def by_thread(self, probe, metric):
        """{thread: value} of the values with a thread id."""
        if self._by_thread is None:
            # One pass for all: a tool reads every probe and metric.
            self._by_thread = by = {}
            for v in self.values:
                t = v.entity.get("thread")
                if t is not None and v.function is None:
                    key = (v.probe, v.metric)
                    if key not in by:
                        by[key] = {}
                    by[key][int(t)] = v.value
        return dict(self._by_thread.get((probe, metric), ()))

    def get(self, probe, metric, function=None, **entity):
        found = self.select(probe, metric, function, **entity)
        if len(found) != 1:
            raise MirError("%d values of probe %s, metric %s%s" % (
                len(found), probe, metric,
                "".join(", %s %s" % kv for kv in entity.items())))
        return found[0].value

    def probes(self):
        seen = []
        for v in self.values:
            if v.probe not in seen:
                seen.append(v.probe)
        return seen


def _number(text):
    try:
        v = float(text)
    except (TypeError, ValueError):
        raise MirError("not a decimal value: %r" % text)
    return int(v) if v.is_integer() and "." not in text else v


def _leaves(el, inherited, out, around=()):
    """(ids, value, the elements around it) of every element with a value,
    ids inherited from the elements around it (section 6's merging of
    common ids). The ids' dicts are shared, never changed."""
    if el.tag != "measurement":
        raise MirError("unexpected <%s> in a measurement document" % el.tag)
    attrib = el.attrib
    value = attrib.get("value")
    ids = inherited
    if len(attrib) > (value is not None):
        ids = dict(inherited)
        for k, v in attrib.items():
            if k != "value":
                ids[k] = v
    if value is not None:
        out.append((ids, _number(value), around))
    if len(el):
        inner = around + (el,)
        for child in el:
            _leaves(child, ids, out, inner)


def _entity_ids(ids):
    return {level: ids[attr] for level, attr in ID_ATTRS.items()
            if attr in ids}


def _named_leaves(e):
    return 1 if not e.children else sum(_named_leaves(c) for c in e.children)


def _has_wildcard(e):
    return e.wildcard or any(_has_wildcard(c) for c in e.children)


def _wrapper(chunk):
    """The innermost element around a chunk that carries no entity id: the
    one section 6's merging made for a run of values of one entity whose
    id the request says (or the document's root)."""
    for el in reversed(chunk[2]):
        if not set(el.attrib) - {"probeId"}:
            return el
    return None


def _label(elems, chunks, ctx, out):
    """Gives each chunk (the values of one entity) the ids of the entity
    elements it comes from: named ones in the request's order first, then
    those of `*` and `?` by their ids (section 6's sorting); the ids the
    document carries win."""
    named = [e for e in elems if not e.wildcard]
    wild = [e for e in elems if e.wildcard]
    k = 0
    for e in named:
        if k >= len(chunks):
            return
        inner = dict(ctx, **{e.level: e.id})
        if not _has_wildcard(e):
            n = _named_leaves(e)
            part, k = chunks[k:k + n], k + n
        else:
            # Its values carry the ids of the levels below it, merged under
            # one element when there are several (the document's nesting
            # tells where the next named sibling's begin; when it cannot,
            # they are taken as this one's).
            j = k + 1
            level = ID_ATTRS[e.level]
            w = _wrapper(chunks[k])
            while (j < len(chunks) and level not in chunks[j][0]
                   and w is not None and any(a is w for a in chunks[j][2])):
                j += 1
            part, k = chunks[k:j], j
        if e.children:
            _label(e.children, part, inner, out)
        else:
            out.extend((dict(inner, **_entity_ids(c[0])), c[1])
                       for c in part)
    rest = chunks[k:]
    if not rest:
        return
    if not wild:
        out.extend((dict(ctx, **_entity_ids(c[0])), c[1]) for c in rest)
        return
    e = wild[0]
    attr = ID_ATTRS[e.level]
    groups = []
    for c in rest:
        v = c[0].get(attr)
        if groups and groups[-1][0] == v:
            groups[-1][1].append(c)
        else:
            groups.append((v, [c]))
    for v, part in groups:
        inner = dict(ctx, **({e.level: v} if v is not None else {}))
        if e.children:
            _label(e.children, part, inner, out)
        else:
            out.extend((dict(inner, **_entity_ids(c[0])), c[1]) for c in part)


ENTITY_FREE = ("AVERAGE", "SUM", "VARIANCE")


def _extremes(groups, pairs, free):
    """Assigns the MAXIMUM and MINIMUM (metric, function) pairs, in metric
    order, to the entity groups of values (section 6 sorts by entity
    first): each group takes an ordered subset of its size. When several
    assignments fit the sizes, the values decide: a metric's maximum is at
    least its minimum and its average."""
    def consistent(assign):
        got = {}
        for (m, f), v in assign:
            got[m, f] = v
        for m in {m for m, _ in pairs}:
            hi, lo = got.get((m, "MAXIMUM")), got.get((m, "MINIMUM"))
            avg = free.get((m, "AVERAGE"))
            if hi is not None and lo is not None and hi < lo:
                return False
            if avg is not None and ((hi is not None and hi < avg) or
                                    (lo is not None and lo > avg)):
                return False
        return True

    def place(k, left, acc):
        if k == len(groups):
            return acc if not left and consistent(
                [(p, v) for p, v, _ in acc]) else None
        ids, vals = groups[k]
        for pick in itertools.combinations(range(len(left)), len(vals)):
            chosen = [left[i] for i in pick]
            rest = [x for i, x in enumerate(left) if i not in pick]
            found = place(k + 1, rest,
                          acc + [(p, v, ids) for p, v in zip(chosen, vals)])
            if found is not None:
                return found
        return None
    found = place(0, list(pairs), [])
    if found is None:
        raise MirError("the maxima and minima of the document fit no "
                       "metric of the request")
    return found


def _probe_values(pid, spec, leaves):
    metrics, funcs = spec.metrics, spec.aggregates
    if funcs:
        free_pairs = [(m, f) for m in metrics for f in funcs
                      if f in ENTITY_FREE]
        ext_pairs = [(m, f) for m in metrics for f in funcs
                     if f not in ENTITY_FREE]
        free = [(x[0], x[1]) for x in leaves if not _entity_ids(x[0])]
        rest = [(x[0], x[1]) for x in leaves if _entity_ids(x[0])]
        sums = [(m, "SUM") for m in metrics if "SUM" in funcs]
        if not rest and len(free) == len(sums) and (
                len(free) != len(free_pairs) or ext_pairs):
            # No entity to aggregate: only the sums are written.
            free_pairs, ext_pairs = sums, []
        if len(free) != len(free_pairs) or len(rest) != len(ext_pairs):
            raise MirError("probe %s: %d values for %d metrics and %d "
                           "aggregates" % (pid, len(leaves), len(metrics),
                                           len(funcs)))
        out = [Value(pid, m, {}, f, v)
               for (m, f), (_, v) in zip(free_pairs, free)]
        groups = []
        for ids, v in rest:
            e = _entity_ids(ids)
            if groups and groups[-1][0] == e:
                groups[-1][1].append(v)
            else:
                groups.append((e, [v]))
        free_by_pair = {p: v.value for p, v in zip(free_pairs, out)}
        ext = _extremes(groups, ext_pairs, free_by_pair)
        order = {p: i for i, p in enumerate((m, f) for m in metrics
                                            for f in funcs)}
        out += [Value(pid, m, dict(ids), f, v)
                for (m, f), v, ids in ext]
        out.sort(key=lambda v: order[v.metric, v.function])
        return out
    n = len(metrics)
    if len(leaves) % n:
        raise MirError("probe %s: %d values are not a whole number of "
                       "entities of %d metrics" % (pid, len(leaves), n))
    chunks = [(leaves[i][0], [x[1] for x in leaves[i:i + n]], leaves[i][2])
              for i in range(0, len(leaves), n)]
    labelled = []
    if spec.entities:
        _label(spec.entities, chunks, {}, labelled)
    else:  # "?" at every level: the document carries every id
        labelled = [(_entity_ids(c[0]), c[1]) for c in chunks]
    return [Value(pid, m, dict(entity), None, v)
            for entity, vals in labelled for m, v in zip(metrics, vals)]


def parse_measurement(text, probes):
    """The values of a measurement document. probes: the probes asked for,
    in the request's order, as {id: ProbeSpec} (or one ProbeSpec, or one
    id: a probe measuring WC_TIME as its request's defaults say)."""
    root = expect(parse_xml(text), "measurement")
    if isinstance(probes, ProbeSpec):
        probes = {None: probes}
    elif isinstance(probes, str):
        probes = {probes: ProbeSpec()}
    leaves = []
    _leaves(root, {}, leaves)
    by_probe, order = {}, []
    for leaf in leaves:
        pid = leaf[0].get("probeId")
        if pid not in by_probe:
            by_probe[pid] = []
            order.append(pid)
        by_probe[pid].append(leaf)
    values = []
    for key in order:
        pid = key
        if key is None:
            # probeId is left out when the document holds one probe.
            if len(probes) != 1:
                raise MirError("the document does not say which of the "
                               "probes %s its values are of" %
                               ", ".join(map(str, probes)))
            pid = next(iter(probes))
        if pid not in probes:
            raise MirError("values of probe %s, which was not asked for"
                           % pid)
        values += _probe_values(pid, probes[pid], by_probe[key])
    return Measurement(values)


class SnapshotEntity:
    """An entity of a snapshot: its level, id, name (named="true"), whether
    it is a process's master thread, its call stack (frames, innermost
    first) and the entities inside it."""

    def __init__(self, level, id, name=None, master=None, stack=(),
                 children=()):
        self.level, self.id, self.name, self.master = level, id, name, master
        self.stack, self.children = list(stack), list(children)

    def walk(self, parents=()):
        """(entity, its parents outermost first) of it and everything in
        it."""
        yield self, list(parents)
        for c in self.children:
            yield from c.walk(list(parents) + [self])

    def __repr__(self):
        return "SnapshotEntity(%r, %r)" % (self.level, self.id)


class Snapshot:
    def __init__(self, entities):
        self.entities = list(entities)

    def walk(self):
        for e in self.entities:
            yield from e.walk()

    def threads(self):
        """Each thread with the ids of the entities around it:
        [(thread entity, {level: id})]."""
        return [(e, {p.level: p.id for p in parents})
                for e, parents in self.walk() if e.level == "thread"]


def _snapshot_entity(el):
    if el.tag not in LEVELS:
        raise MirError("unexpected <%s> in a snapshot" % el.tag)
    master = el.get("master")
    return SnapshotEntity(
        el.tag, el.get("id"), el.get("name"),
        None if master is None else master == "true",
        [(s.text or "") for s in el if s.tag == "stack"],
        [_snapshot_entity(c) for c in el if c.tag != "stack"])


def parse_snapshot(text):
    root = expect(parse_xml(text), "snapshot")
    return Snapshot(_snapshot_entity(c) for c in root)
