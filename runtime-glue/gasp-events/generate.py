#!/usr/bin/env python3
"""Derives every list of GASP events from gasp_events.toml.

Usage: generate.py TABLE SOURCE_DIR BINARY_DIR

Run by CMake at configure time (and again whenever the table, this script or
the header template changes). Writes, under BINARY_DIR, only the files whose
content changed, so that a reconfigure rebuilds nothing needlessly:
  include/upc-instrument/gasp_upc.h      from SOURCE_DIR/headers/gasp_upc.h.in,
                                         whose line @GASP_EVENTS@ becomes the
                                         event numbers and their varargs
  runtime-glue/generated/gasp_events.def GASP_EVENT(NAME, CATEGORY, OTF2_ROLE)
  runtime-glue/generated/gasp_event_signatures.inc
                                         the varargs as the GASP tools decode
                                         them (gasp-tools/common/events.c)
  translator/include/upc-instrument/Instrumentation/GaspEvents.def
                                         GASP_EVENT(ENUMERATOR, "NAME"),
                                         GASP_UNRAISED_EVENT("NAME") and
                                         GASP_EVENT_NOT_FOR_MIR(ENUMERATOR)

Exit status 1, with "TABLE: error: ..." on stderr and nothing written, when
the table is malformed.
"""

import os
import re
import sys
import textwrap
import tomllib

# The generators' shared writer (runtime-glue/library/generated_files.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, "library"))
from generated_files import write_if_changed  # noqa: E402

# Each vararg kind: its C type in gasp_upc.h (GASP 1.4, 5.4) and how the
# GASP tools decode it (upcgt_kind_t in gasp-tools/common/gasp_tools.h).
KINDS = {
    "int": ("int", "INT"),
    "size": ("size_t", "SIZE"),
    "ptr": ("void *", "PTR"),
    "str": ("const char *", "STR"),
    "pts": ("gasp_upc_PTS_t *", "PTS"),
    "lock": ("gasp_upc_lock_t *", "LOCK"),
    "flags": ("int", "FLAGS"),  # upc_flag_t, passed as int
    "op": ("int", "OP"),  # upc_op_t, passed as int
    "redtype": ("gasp_upc_reduction_t", "REDTYPE"),
    "handle": ("gasp_upc_nb_handle_t", "PTR"),
}

# upcgt_category_t (gasp_tools.h) without its UPCGT_CAT_ prefix.
CATEGORIES = {"sync", "lock", "data", "collective", "memory", "work_sharing",
              "function", "c_memory", "exit", "other"}

# The OTF2 3.0 region roles (OTF2_REGION_ROLE_*) an event's regions take.
OTF2_ROLES = {"FUNCTION", "ALLOCATE", "REALLOCATE", "DEALLOCATE",
              "IMPLICIT_BARRIER", "ARTIFICIAL", "BARRIER", "FLUSH", "LOOP",
              "RMA", "COLL_ONE2ALL", "COLL_ALL2ONE", "COLL_ALL2ALL",
              "COLL_OTHER", "CODE"}

# The most varargs a tool decodes (UPCGT_MAX_ARGS in gasp_tools.h).
MAX_ARGS = 8

# Event numbers (the PUPC proposal's ranges, gasp_upc.h): GASP's own,
# this implementation's (GASP_UPCI_*); user events start at 0xC0000000.
GASP_RANGE = (0x00000000, 0x5FFFFFFF)
UPCI_RANGE = (0x60000000, 0xBFFFFFFF)

FIELDS = {"name", "id", "group", "translator", "category", "otf2", "args",
          "start", "end", "atomic", "mir"}

GENERATED = "Generated from runtime-glue/gasp-events/gasp_events.toml by " \
            "generate.py: do not edit."


class TableError(Exception):
    pass


class Arg:
    def __init__(self, event, spec):
        parts = spec.split() if isinstance(spec, str) else []
        if len(parts) != 2 or parts[0] not in KINDS or \
                not re.fullmatch(r"[a-z_][a-z0-9_]*", parts[1]):
            raise TableError(f"{event}: vararg '{spec}' is not 'KIND name' "
                             f"with a kind of {', '.join(sorted(KINDS))}")
        self.kind, self.name = parts
        self.ctype, self.tool_kind = KINDS[self.kind]

    def declaration(self):
        sep = "" if self.ctype.endswith("*") else " "
        return f"{self.ctype}{sep}{self.name}"


class Event:
    def __init__(self, entry, groups):
        unknown = set(entry) - FIELDS
        self.name = entry.get("name", "")
        if unknown:
            raise TableError(f"{self.name or 'an event'}: unknown field "
                             f"{', '.join(sorted(unknown))}")
        if not re.fullmatch(r"GASP_(C|UPC|UPCI)_[A-Z0-9_]+", self.name):
            raise TableError(f"'{self.name}': an event's name is GASP_C_*, "
                             "GASP_UPC_* or GASP_UPCI_*")
        self.id = entry.get("id")
        low, high = UPCI_RANGE if self.name.startswith("GASP_UPCI_") \
            else GASP_RANGE
        if not isinstance(self.id, int) or not low <= self.id <= high:
            raise TableError(f"{self.name}: id must be a number in "
                             f"0x{low:08X}..0x{high:08X}")
        self.group = entry.get("group")
        if self.group not in groups:
            raise TableError(f"{self.name}: group '{self.group}' is not one "
                             "of [groups]")
        self.translator = entry.get("translator", "")
        if not re.fullmatch(r"[A-Z][A-Za-z0-9]*", self.translator):
            raise TableError(f"{self.name}: translator must be a C++ "
                             "enumerator name (CamelCase)")
        self.category = entry.get("category")
        if self.category not in CATEGORIES:
            raise TableError(f"{self.name}: category must be one of "
                             f"{', '.join(sorted(CATEGORIES))}")
        self.otf2 = entry.get("otf2")
        if self.otf2 not in OTF2_ROLES:
            raise TableError(f"{self.name}: otf2 must be one of "
                             f"{', '.join(sorted(OTF2_ROLES))}")
        self.atomic = entry.get("atomic", False)
        if not isinstance(self.atomic, bool):
            raise TableError(f"{self.name}: atomic is true or false")
        self.mir = entry.get("mir", True)
        if not isinstance(self.mir, bool):
            raise TableError(f"{self.name}: mir is true or false")
        if "args" in entry:
            if "start" in entry or "end" in entry:
                raise TableError(f"{self.name}: args, or start and end, "
                                 "not both")
            start = end = entry["args"]
        elif "start" in entry and "end" in entry:
            if self.atomic:
                raise TableError(f"{self.name}: an atomic event has args, "
                                 "not start and end")
            start, end = entry["start"], entry["end"]
        else:
            raise TableError(f"{self.name}: needs args, or start and end")
        for args in (start, end):
            if not isinstance(args, list):
                raise TableError(f"{self.name}: varargs are a list")
            if len(args) > MAX_ARGS:
                raise TableError(f"{self.name}: more than {MAX_ARGS} "
                                 "varargs (UPCGT_MAX_ARGS)")
        self.start = [Arg(self.name, a) for a in start]
        self.end = [Arg(self.name, a) for a in end]
        for args in (self.start, self.end):
            names = [a.name for a in args]
            if len(set(names)) != len(names):
                raise TableError(f"{self.name}: a vararg name repeats")
        # END passes what START passes (most events).
        self.same = [(a.kind, a.name) for a in self.start] == \
            [(a.kind, a.name) for a in self.end]


def read_table(path):
    try:
        with open(path, "rb") as f:
            table = tomllib.load(f)
    except OSError as e:
        raise TableError(e.strerror)
    except tomllib.TOMLDecodeError as e:
        raise TableError(str(e))
    unknown = set(table) - {"groups", "unraised", "event"}
    if unknown:
        raise TableError(f"unknown table {', '.join(sorted(unknown))}")
    groups = table.get("groups", {})
    if not all(isinstance(v, str) for v in groups.values()):
        raise TableError("[groups]: each group is a title string")
    unraised = table.get("unraised", {})
    events = [Event(e, groups) for e in table.get("event", [])]
    if not events:
        raise TableError("no [[event]]")
    for what in ("name", "id", "translator"):
        seen = {}
        for e in events:
            value = getattr(e, what)
            if value in seen:
                shown = f"0x{value:08X}" if what == "id" else value
                raise TableError(f"{e.name}: {what} {shown} is also "
                                 f"{seen[value]}'s")
            seen[value] = e.name
    for name, reason in unraised.items():
        if not re.fullmatch(r"GASP_UPC_[A-Z0-9_]+", name) or \
                not isinstance(reason, str):
            raise TableError(f"[unraised] {name}: a GASP event's name and "
                             "the reason as a string")
        if any(e.name == name for e in events):
            raise TableError(f"{name}: both raised and [unraised]")
    return groups, unraised, events


def comment(text):
    """A C comment of text, wrapped at 79 columns."""
    lines = textwrap.wrap(text, 73, break_long_words=False,
                          break_on_hyphens=False)
    return "/* " + "\n * ".join(lines) + " */\n"


def signature_text(args):
    return ", ".join(a.declaration() for a in args) or "(none)"


def varargs_comment(e):
    if e.atomic:
        return comment(f"ATOMIC: {signature_text(e.start)}")
    if e.same:
        return comment(f"START, END: {signature_text(e.start)}")
    return comment(f"START: {signature_text(e.start)}; "
                   f"END: {signature_text(e.end)}")


def header_events(groups, unraised, events):
    out = []
    # Under the headings in the order of [groups], each group's events in
    # the table's order.
    for group, title in groups.items():
        members = [e for e in events if e.group == group]
        if members:
            out.append("\n" + comment(title))
        for e in members:
            out.append(varargs_comment(e))
            out.append(f"#define {e.name} 0x{e.id:08X}u\n")
    if unraised:
        out.append("\n" + comment(
            "Not defined, because nothing in upc-instrument raises them "
            "(GASP 1.4, 5.5; docs/gasp-events.md): " + "; ".join(
                f"{n}: {r}" for n, r in unraised.items()) + "."))
    return "".join(out).lstrip("\n")


def c_def(events):
    out = [f"/* {GENERATED}\n",
           " *\n",
           " * GASP_EVENT(NAME, CATEGORY, OTF2_ROLE) for every event of\n",
           " * gasp_upc.h, in the table's order: CATEGORY is upcgt_category_t's\n",
           " * UPCGT_CAT_ suffix, OTF2_ROLE OTF2_REGION_ROLE_'s. */\n",
           "#ifndef GASP_EVENT\n#define GASP_EVENT(NAME, CATEGORY, OTF2_ROLE)\n#endif\n"]
    for e in events:
        out.append(f"GASP_EVENT({e.name}, {e.category.upper()}, {e.otf2})\n")
    out.append("#undef GASP_EVENT\n")
    return "".join(out)


def signatures(events):
    out = [f"/* {GENERATED}\n",
           " *\n",
           " * The varargs of every event at START (and ATOMIC) and at END,\n",
           " * for gasp-tools/common/events.c. */\n"]
    cases = []
    for e in events:
        names = {}
        for when, args in (("start", e.start), ("end", e.end)):
            if when == "end" and e.same:
                names[when] = names["start"]
                continue
            sig = f"upcgt_sig_{e.name}_{when}"
            names[when] = sig
            if args:
                specs = ", ".join(f'{{"{a.name}", UPCGT_{a.tool_kind}}}'
                                  for a in args)
                out.append(f"static const upcgt_argspec_t {sig}_args[] = "
                           f"{{{specs}}};\n")
                out.append(f"static const upcgt_sig_t {sig} = {{{len(args)}, "
                           f"{sig}_args}};\n")
            else:
                out.append(f"static const upcgt_sig_t {sig} = {{0, NULL}};\n")
        if names["start"] == names["end"]:
            cases.append(f"  case {e.name}:\n    return &{names['start']};\n")
        else:
            cases.append(f"  case {e.name}:\n    return end ? &{names['end']} "
                         f": &{names['start']};\n")
    out.append("\n/* The varargs of event tag at END (end nonzero) or at START\n"
               " * and ATOMIC; NULL for a tag gasp_upc.h does not define. */\n"
               "static const upcgt_sig_t *upcgt_table_signature(unsigned int tag,\n"
               "                                                 int end) {\n"
               "  switch (tag) {\n")
    out.extend(cases)
    out.append("  default:\n    (void)end;\n    return NULL;\n  }\n}\n")
    return "".join(out)


def translator_def(unraised, events):
    out = [f"// {GENERATED}\n",
           "//\n",
           "// GASP_EVENT(ENUMERATOR, \"NAME\"): the events upc-instrument raises,\n",
           "// in the table's order; GASP_UNRAISED_EVENT(\"NAME\", \"WHY\"): events of\n",
           "// GASP 1.4 it never raises; GASP_EVENT_NOT_FOR_MIR(ENUMERATOR): events\n",
           "// the MIR engine measures nothing with (a build for MIR does not raise\n",
           "// them).\n",
           "#ifndef GASP_EVENT\n#define GASP_EVENT(ENUMERATOR, NAME)\n#endif\n",
           "#ifndef GASP_UNRAISED_EVENT\n#define GASP_UNRAISED_EVENT(NAME, WHY)\n#endif\n",
           "#ifndef GASP_EVENT_NOT_FOR_MIR\n#define GASP_EVENT_NOT_FOR_MIR(ENUMERATOR)\n#endif\n"]
    for e in events:
        out.append(f'GASP_EVENT({e.translator}, "{e.name}")\n')
    for name, reason in unraised.items():
        out.append(f'GASP_UNRAISED_EVENT("{name}", "{reason}")\n')
    for e in events:
        if not e.mir:
            out.append(f'GASP_EVENT_NOT_FOR_MIR({e.translator})\n')
    out.append("#undef GASP_EVENT\n#undef GASP_UNRAISED_EVENT\n"
               "#undef GASP_EVENT_NOT_FOR_MIR\n")
    return "".join(out)


def main(argv):
    if len(argv) != 4:
        sys.stderr.write("usage: generate.py TABLE SOURCE_DIR BINARY_DIR\n")
        return 2
    table, source_dir, binary_dir = argv[1:]
    template = os.path.join(source_dir, "headers", "gasp_upc.h.in")
    try:
        groups, unraised, events = read_table(table)
        try:
            with open(template) as f:
                text = f.read()
        except OSError as e:
            raise TableError(f"{template}: {e.strerror}")
        if "@GASP_EVENTS@\n" not in text:
            raise TableError(f"{template}: no @GASP_EVENTS@ line")
        header = text.replace("@GASP_EVENTS@\n",
                              header_events(groups, unraised, events))
    except TableError as e:
        sys.stderr.write(f"{table}: error: {e}\n")
        return 1
    outputs = {
        "include/upc-instrument/gasp_upc.h": header,
        "runtime-glue/generated/gasp_events.def": c_def(events),
        "runtime-glue/generated/gasp_event_signatures.inc":
            signatures(events),
        "translator/include/upc-instrument/Instrumentation/GaspEvents.def":
            translator_def(unraised, events),
    }
    for path, text in outputs.items():
        write_if_changed(os.path.join(binary_dir, path), text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
