#!/usr/bin/env python3
"""Derives every declaration, forwarding function, GASP wrapper and the
translator's table of the UPC library from upc_library.toml.

Usage: generate.py TABLE SOURCE_DIR BINARY_DIR

Run by CMake at configure time (and again whenever the table, this script or
a template changes). Writes, under BINARY_DIR, only the files whose content
changed, so that a reconfigure rebuilds nothing needlessly:
  include/upc-instrument/H for each header H the table names (UPC side)
  include/upc-instrument/runtime/H   (C side, for headers with functions)
  include/upc-instrument/runtime/upcr_library.h, upcr_gasp_library.h
  runtime-glue/generated/library_names.c, library_wrappers.c,
  library_constants.c
  translator/include/upc-instrument/Library/UpcLibrary.inc
  runtime-glue/generated/headers.cmake    (the header names, for CMake)
The header templates (H.in beside the hand-written headers) hold what is
not a library function (includes, typedefs); the line @UPC_LIBRARY@ is
replaced by the declarations of the functions listed for that header. A
header without templates gets a default one.

Exit status 1, with "TABLE: error: ..." on stderr and nothing written, when
the table is malformed.
"""

import os
import re
import sys
import tomllib

from generated_files import write_if_changed


def same(spelling, **more):
    """A kind spelled alike on the three sides."""
    return dict(upc=spelling, c=spelling, runtime=spelling, **more)


# How each parameter and result kind is spelled. A spelling is a declarator
# with {n} for the name (and {TYPE} for an entry's element type): on the UPC
# side, in the C-side headers, and in the runtime's entry points. `vararg` is
# how the value is passed to gasp_event_notify (the exact type gasp_upc.h
# names); kinds with `convert` are first converted into a local
# upcr_shared_ptr_t {n}_pts.
KINDS = {
    "void": same("void {n}"),
    "int": same("int {n}", vararg="(int){n}"),
    "size": same("size_t {n}", vararg="(size_t){n}"),
    "flag": {"upc": "upc_flag_t {n}", "c": "upc_flag_t {n}",
             "runtime": "int {n}", "vararg": "(int){n}"},
    "op": {"upc": "upc_op_t {n}", "c": "upc_op_t {n}", "runtime": "int {n}",
           "vararg": "(int){n}"},
    "sptr": {"upc": "shared void *{n}", "c": "upcr_shared_ptr_t {n}",
             "runtime": "upcr_shared_ptr_t {n}",
             "vararg": "(gasp_upc_PTS_t *)&{n}"},
    "sptr_restrict": {"upc": "shared void *restrict {n}",
                      "c": "upcr_shared_ptr_t {n}",
                      "runtime": "upcr_shared_ptr_t {n}",
                      "vararg": "(gasp_upc_PTS_t *)&{n}"},
    "csptr_restrict": {"upc": "shared const void *restrict {n}",
                       "c": "upcr_shared_ptr_t {n}",
                       "runtime": "upcr_shared_ptr_t {n}",
                       "vararg": "(gasp_upc_PTS_t *)&{n}"},
    "csptr": {"upc": "shared const void *{n}", "c": "upcr_shared_ptr_t {n}",
              "runtime": "upcr_shared_ptr_t {n}",
              "vararg": "(gasp_upc_PTS_t *)&{n}"},
    "ptr": same("void *{n}", vararg="(void *){n}"),
    "thread_info": same("upc_thread_info_t {n}"),
    "ptr_restrict": {"upc": "void *restrict {n}", "c": "void *{n}",
                     "runtime": "void *{n}", "vararg": "(void *){n}"},
    "cptr": same("const void *{n}", vararg="(void *)(uintptr_t){n}"),
    # GASP's vararg is void * (the tool must not write through it): through
    # an integer, as -Wcast-qual wants.
    "cptr_restrict": {"upc": "const void *restrict {n}",
                      "c": "const void *{n}", "runtime": "const void *{n}",
                      "vararg": "(void *)(uintptr_t){n}"},
    # upc_lock_t * is a phaseless pointer-to-shared; GASP gets the address
    # of its phased form.
    "lock": {"upc": "upc_lock_t *{n}", "c": "upcr_pshared_ptr_t {n}",
             "runtime": "upcr_pshared_ptr_t {n}", "convert": True,
             "vararg": "(gasp_upc_lock_t *)&{n}_pts"},
    # upc_all_permute's `shared const int *` (block size 1): phaseless.
    "perm": {"upc": "shared const int *restrict {n}",
             "c": "upcr_pshared_ptr_t {n}",
             "runtime": "upcr_pshared_ptr_t {n}", "convert": True,
             "vararg": "(gasp_upc_PTS_t *)&{n}_pts"},
    # upc_atomicdomain_t * is, like upc_lock_t *, a phaseless
    # pointer-to-shared.
    "domain": {"upc": "upc_atomicdomain_t *{n}",
               "c": "upcr_pshared_ptr_t {n}",
               "runtime": "upcr_pshared_ptr_t {n}", "convert": True,
               "vararg": "(gasp_upc_PTS_t *)&{n}_pts"},
    "type": {"upc": "upc_type_t {n}", "c": "upc_type_t {n}",
             "runtime": "int {n}", "vararg": "(int){n}"},
    "hint": {"upc": "upc_atomichint_t {n}", "c": "upc_atomichint_t {n}",
             "runtime": "int {n}", "vararg": "(int){n}"},
    # A private opaque value, the same on every side.
    "handle": same("upc_handle_t {n}", vararg="(gasp_upc_nb_handle_t){n}"),
    # A function pointer as a void * (through an integer: ISO C has no direct
    # conversion).
    "reduce_func": same("{TYPE} (*{n})({TYPE}, {TYPE})",
                        vararg="(void *)(uintptr_t){n}"),
    # Plain values: no GASP event passes them.
    "uint": same("unsigned int {n}"),
    "ptrdiff": same("ptrdiff_t {n}"),
    "double": same("double {n}"),
    # uint64_t, spelled so that the C-side headers need no <stdint.h>.
    "u64": same("__UINT64_TYPE__ {n}"),
    "upc_tick": same("upc_tick_t {n}"),
    "bupc_tick": same("bupc_tick_t {n}"),
    "chars": same("char *{n}"),
    # Arrays of Berkeley UPC's VIS functions (bupc_extensions.h). The runtime
    # entries (upcr_library.h, which upcr.h includes before any library
    # header) name the list types by their struct tags, declared there
    # (`forward`); the headers define them.
    "smemvecs": {"upc": "bupc_smemvec_t const {n}[]",
                 "c": "bupc_smemvec_t const {n}[]",
                 "runtime": "const struct bupc_smemvec_S *{n}",
                 "forward": "struct bupc_smemvec_S;"},
    "pmemvecs": {"upc": "bupc_pmemvec_t const {n}[]",
                 "c": "bupc_pmemvec_t const {n}[]",
                 "runtime": "const struct bupc_pmemvec_S *{n}",
                 "forward": "struct bupc_pmemvec_S;"},
    "sptrs": {"upc": "shared void *const {n}[]",
              "c": "upcr_shared_ptr_t const {n}[]",
              "runtime": "const upcr_shared_ptr_t *{n}"},
    "csptrs": {"upc": "shared const void *const {n}[]",
               "c": "upcr_shared_ptr_t const {n}[]",
               "runtime": "const upcr_shared_ptr_t *{n}"},
    "ptrs": {"upc": "void *const {n}[]", "c": "void *const {n}[]",
             "runtime": "void *const *{n}"},
    "cptrs": {"upc": "const void *const {n}[]", "c": "const void *const {n}[]",
              "runtime": "const void *const *{n}"},
    "sizes": {"upc": "const size_t {n}[]", "c": "const size_t {n}[]",
              "runtime": "const size_t *{n}"},
    "handles": {"upc": "bupc_handle_t *{n}", "c": "bupc_handle_t *{n}",
                "runtime": "upc_handle_t *{n}"},
}

LOWERINGS = {"runtime", "inline", "plain", "custom"}
# The atomic classes of operations and of types (see the table's
# [constants]), and which operation classes each type class allows: the one
# statement of that rule (optional library 7.6.3); the translator and the
# runtime get each type's allowed operations from it (Library.atomic_ops).
OP_CLASSES = {"access", "bitwise", "numeric"}
TYPE_CLASSES = {"int": {"access", "bitwise", "numeric"},
                "uint": {"access", "bitwise", "numeric"},
                "float": {"access", "numeric"},
                "pts": {"access"}}
CONSTANTS_HEADER = "upc_types.h"
FIELDS = {"name", "header", "section", "returns", "params", "lowering",
          "inline", "event", "start", "end", "wrapper", "noreturn",
          "deprecated", "for_each"}
# A header the table names without a template of its own (headers/H.in,
# runtime-glue/include/H.in) gets these. {name} is its name, {guard} its
# include guard.
DEFAULT_UPC_TEMPLATE = """/*
 * {name} - generated from the library table
 * (runtime-glue/library/upc_library.toml in the sources).
 */
#ifndef {guard}
#define {guard}

#include <stddef.h>
#include <upc_types.h>

@UPC_LIBRARY@

#endif
"""
DEFAULT_C_TEMPLATE = """/*
 * {name} (C side) - generated from the library table
 * (runtime-glue/library/upc_library.toml in the sources).
 */
#ifndef {guard}
#define {guard}

#include <stddef.h>

#include <upc_types.h>
#include <upcr.h>

#ifdef __cplusplus
extern "C" {{
#endif

@UPC_LIBRARY@

#ifdef __cplusplus
}}
#endif

#endif
"""

BANNER = ("Generated by runtime-glue/library/generate.py from "
          "runtime-glue/library/upc_library.toml: edit the table, not this "
          "file.")


class TableError(Exception):
    pass


class Function:
    """One library function, its for_each expansion applied."""

    def __init__(self, entry, suffix, elemtype, sections):
        def fill(text):
            return text.replace("{T}", suffix).replace("{TYPE}", elemtype)

        self.name = fill(entry["name"])
        # upc_X has the runtime entry upcr_X; Berkeley UPC's bupc_X has
        # upcr_bupc_X.
        if self.name.startswith("upc_"):
            self.stem = self.name[len("upc_"):]
        elif self.name.startswith("bupc_"):
            self.stem = self.name
        else:
            raise TableError(f"{self.name}: a library name starts with upc_ "
                             "or bupc_")
        self.header = entry.get("header", "")
        if not re.fullmatch(r"b?upc[a-z0-9_]*\.h", self.header):
            raise TableError(f"{self.name}: header must be a file name "
                             f"upc*.h or bupc*.h, not {self.header!r}")
        section = entry.get("section")
        if section not in sections:
            raise TableError(f"{self.name}: unknown section {section!r}")
        self.section = sections[section]
        self.elemtype = elemtype
        self.returns = entry.get("returns", "void")
        if self.returns not in KINDS:
            raise TableError(f"{self.name}: unknown kind {self.returns!r}")
        self.params = []
        for p in entry.get("params", []):
            parts = p.split()
            if len(parts) != 2 or parts[0] not in KINDS or parts[0] == "void":
                raise TableError(f"{self.name}: bad parameter {p!r}")
            self.params.append((parts[0], parts[1]))
        self.lowering = entry.get("lowering", "runtime")
        if self.lowering not in LOWERINGS:
            raise TableError(f"{self.name}: unknown lowering {self.lowering!r}")
        self.inline = entry.get("inline", "")
        if (self.lowering == "inline") != bool(self.inline):
            raise TableError(f"{self.name}: `inline` names the inline "
                             "function of an inline lowering, and only then")
        self.event = entry.get("event", "")
        self.custom_wrapper = entry.get("wrapper") == "custom"
        if self.event and self.lowering != "runtime":
            raise TableError(f"{self.name}: only runtime entries raise events")
        names = {n for _, n in self.params}
        self.start = [fill(a) for a in entry.get("start", [])]
        self.end = [fill(a) for a in entry.get("end", [])]
        if self.event and not self.custom_wrapper:
            if "start" not in entry or "end" not in entry:
                raise TableError(f"{self.name}: an event needs start and end")
            for a in self.start + self.end:
                if not (a in names or a == "result" or a.startswith("(")):
                    raise TableError(f"{self.name}: vararg {a!r} is neither a "
                                     "parameter, `result` nor a (literal)")
            if "result" in self.start:
                raise TableError(f"{self.name}: START cannot pass the result")
            if "result" in self.end and self.returns == "void":
                raise TableError(f"{self.name}: no result to pass")
        self.noreturn = bool(entry.get("noreturn", False))
        self.deprecated = entry.get("deprecated", "")

    @property
    def runtime(self):
        return "upcr_" + self.stem

    @property
    def instrumented(self):
        return "upcr_gasp_" + self.stem if self.event else ""

    def kind_of(self, name):
        if name == "result":
            return self.returns
        return dict((n, k) for k, n in self.params)[name]


class Constant:
    """A macro of a UPC header: `#define NAME VALUE`, of type typedef."""

    def __init__(self, typedef, name, entry):
        self.typedef, self.name = typedef, name
        unknown = set(entry) - {"value", "atomic", "c", "header"}
        if unknown:
            raise TableError(f"{name}: unknown fields {sorted(unknown)}")
        self.value = entry.get("value", "")
        if not re.fullmatch(r"\(1 << \d+\)|\d+", self.value):
            raise TableError(f"{name}: value must be N or (1 << N), not "
                             f"{self.value!r}")
        self.header = entry.get("header", CONSTANTS_HEADER)
        # Every element type is a distinct positive value (0 is what an
        # uninitialized upc_type_t holds).
        if typedef == "upc_type_t" and self.number <= 0:
            raise TableError(f"{name}: a upc_type_t value is positive")
        self.atomic = entry.get("atomic", "")
        self.ctype = entry.get("c", "")
        classes = OP_CLASSES if typedef == "upc_op_t" else set(TYPE_CLASSES)
        if self.atomic and (typedef not in ("upc_op_t", "upc_type_t") or
                            self.atomic not in classes):
            raise TableError(f"{name}: unknown atomic class {self.atomic!r}")
        if bool(typedef == "upc_type_t" and self.atomic) != bool(self.ctype):
            raise TableError(f"{name}: an atomic type, and only one, names "
                             "its C type (c)")

    @property
    def number(self):
        m = re.fullmatch(r"\(1 << (\d+)\)", self.value)
        return 1 << int(m.group(1)) if m else int(self.value)


def load_constants(table):
    constants = []
    for typedef, entries in table.get("constants", {}).items():
        for name, entry in entries.items():
            constants.append(Constant(typedef, name, entry))
    for typedef in {c.typedef for c in constants}:
        numbers = [c.number for c in constants if c.typedef == typedef]
        if len(set(numbers)) != len(numbers):
            raise TableError(f"{typedef}: two constants have one value")
    return constants


def load(path):
    with open(path, "rb") as f:
        table = tomllib.load(f)
    constants = load_constants(table)
    features = table.get("features", {})
    sections = table.get("sections", {})
    types = table.get("types", {})
    functions = []
    for entry in table.get("function", []):
        unknown = set(entry) - FIELDS
        if unknown:
            raise TableError(f"{entry.get('name')}: unknown fields "
                             f"{sorted(unknown)}")
        if "for_each" in entry:
            if entry["for_each"] not in types:
                raise TableError(f"{entry['name']}: unknown type list "
                                 f"{entry['for_each']!r}")
            for suffix, ctype in types[entry["for_each"]].items():
                functions.append(Function(entry, suffix, ctype, sections))
        else:
            functions.append(Function(entry, "", "", sections))
    seen = set()
    for f in functions:
        if f.name in seen:
            raise TableError(f"{f.name}: listed twice")
        seen.add(f.name)
    headers = {f.header for f in functions} | {c.header for c in constants}
    for header in features:
        if header not in headers:
            raise TableError(f"{header}: a feature macro for a header the "
                             "table does not name")
    return Library(functions, constants, features)


class Library:
    def __init__(self, functions, constants, features):
        self.functions = functions
        self.constants = constants
        self.features = features

    def atomic_ops(self, c):
        """The operations an atomic type allows (TYPE_CLASSES), as a mask;
        0 for anything else."""
        if c.typedef != "upc_type_t" or not c.atomic:
            return 0
        mask = 0
        for op in self.constants:
            if op.typedef == "upc_op_t" and op.atomic in TYPE_CLASSES[c.atomic]:
                mask |= op.number
        return mask


# ---- Spelling ---------------------------------------------------------------

def declarator(kind, side, name, elemtype):
    return KINDS[kind][side].replace("{TYPE}", elemtype).replace("{n}", name)


def wrap_call(head, args, tail="", indent=0, width=80):
    """`head(arg, arg...)tail`, broken after commas and aligned on the
    parenthesis when longer than width columns."""
    one = " " * indent + head + "(" + ", ".join(args) + ")" + tail
    if len(one) <= width or not args:
        return one
    lines, line = [], " " * indent + head + "("
    align = " " * len(line)
    for i, a in enumerate(args):
        piece = a + (", " if i + 1 < len(args) else ")" + tail)
        if len(line) + len(piece.rstrip()) > width and line.strip() and \
                not line.endswith("("):
            lines.append(line.rstrip())
            line = align
        line += piece
    lines.append(line)
    return "\n".join(lines)


def prototype(f, side, name, with_pos, attributes=""):
    params = [declarator(k, side, n, f.elemtype) for k, n in f.params]
    if with_pos:
        params.append("upcr_srcpos_t pos")
    if not params:
        params = ["void"]
    # The declarator of the result holds the function's name and parameters;
    # wrap the parameters on their own.
    probe = declarator(f.returns, side, "@", f.elemtype)
    head, tail = probe.split("@")
    prefix = attributes + head
    return wrap_call(prefix + name, params, tail)


def c_attributes(f):
    return "UPCR_NORETURN " if f.noreturn else ""


def deprecation(f):
    if not f.deprecated:
        return ""
    return f'\n    __attribute__((__deprecated__("{f.deprecated}")))'


def grouped(functions):
    """(section, [functions]): sections in the order they first appear,
    functions in table order."""
    groups = {}
    for f in functions:
        groups.setdefault(f.section, []).append(f)
    return list(groups.items())


def comment(text):
    words, lines, line = text.split(), [], "/*"
    for w in words:
        if len(line) + 1 + len(w) > 77:
            lines.append(line)
            line = " *"
        line += " " + w
    if len(lines) == 0:
        return line + " */"
    lines.append(line + " */")
    return "\n".join(lines)


def header_declarations(functions, side):
    out = []
    for section, fs in grouped(functions):
        out.append(comment(section))
        for f in fs:
            attrs = c_attributes(f) if side == "c" else ""
            out.append(prototype(f, side, f.name, False, attrs) +
                       deprecation(f) + ";")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def constant_definitions(constants):
    out = []
    for typedef in dict.fromkeys(c.typedef for c in constants):
        out.append(f"/* Values of {typedef}. */")
        out += [f"#define {c.name} {c.value}" for c in constants
                if c.typedef == typedef]
        out.append("")
    return "\n".join(out)


def runtime_declarations(functions, instrumented):
    out = []
    # The struct tags that parameters name, declared at file scope first.
    forward = dict.fromkeys(
        KINDS[k]["forward"] for f in functions
        if f.lowering == "runtime" and (f.event or not instrumented)
        for k in [f.returns] + [k for k, _ in f.params]
        if "forward" in KINDS[k])
    if forward:
        out += list(forward) + [""]
    for section, fs in grouped(functions):
        fs = [f for f in fs if f.lowering == "runtime" and
              (f.event or not instrumented)]
        if not fs:
            continue
        out.append(comment(section))
        for f in fs:
            name = f.instrumented if instrumented else f.runtime
            out.append(prototype(f, "runtime", name, True, c_attributes(f)) +
                       ";")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def forwarding_functions(functions):
    out = []
    for f in functions:
        if f.lowering not in ("runtime", "inline"):
            continue
        args = [n for _, n in f.params]
        if f.lowering == "runtime":
            call = wrap_call(f.runtime, args + ["UPCR_SRCPOS_UNKNOWN"],
                             ";", 2)
        else:
            call = wrap_call(f.inline, args, ";", 2)
        if f.returns != "void":
            call = "  return " + call.lstrip()
        out.append(prototype(f, "c", f.name, False) + " {\n" + call + "\n}\n")
    return "\n".join(out)


def event_call(f, evttype, varargs):
    if not varargs:
        return wrap_call("UPCRI_GASP_NOTIFY0",
                         [f.event, evttype, "pos"], ";", 2)
    exprs = []
    for a in varargs:
        if a.startswith("("):
            exprs.append(a)
        else:
            exprs.append(KINDS[f.kind_of(a)]["vararg"].replace("{n}", a))
    return wrap_call("UPCRI_GASP_NOTIFY", [f.event, evttype, "pos"] + exprs,
                     ";", 2)


def conversions(f, names):
    lines = []
    for a in names:
        if a.startswith("(") or not KINDS[f.kind_of(a)].get("convert"):
            continue
        lines.append(f"  upcr_shared_ptr_t {a}_pts = "
                     f"upcr_pshared_to_shared({a});")
    return lines


def wrapper(f):
    args = [n for _, n in f.params] + ["pos"]
    call = wrap_call(f.runtime, args, ";", 2)
    void = f.returns == "void"
    body = ["  if (!UPCR_GASP_ACTIVE())"]
    if void:
        body[0] += " {"
        body += ["  " + call, "    return;", "  }"]
    else:
        body.append("    return " + call.lstrip())
    before = [a for a in dict.fromkeys(f.start + f.end) if a != "result"]
    body += conversions(f, before)
    body.append(event_call(f, "GASP_START", f.start))
    if void:
        body.append(call)
    else:
        body.append("  " + declarator(f.returns, "runtime", "result", "") +
                    " = " + call.lstrip())
        if "result" in f.end:
            body += conversions(f, ["result"])
    body.append(event_call(f, "GASP_END", f.end))
    if not void:
        body.append("  return result;")
    return (prototype(f, "runtime", f.instrumented, True) + " {\n" +
            "\n".join(body) + "\n}\n")


def translator_table(library):
    functions = library.functions
    out = ["#ifndef UPC_LIBRARY_FUNCTION",
           "#define UPC_LIBRARY_FUNCTION(Name, Header, Lowering, Runtime, "
           "Event, Instrumented)",
           "#endif",
           "#ifndef UPC_LIBRARY_CONSTANT",
           "#define UPC_LIBRARY_CONSTANT(Typedef, Name, Value, Atomic, "
           "AtomicOps)",
           "#endif",
           "#ifndef UPC_LIBRARY_FEATURE",
           "#define UPC_LIBRARY_FEATURE(Header, Macro)",
           "#endif",
           "",
           "// UPC_LIBRARY_FUNCTION(Name, Header, Lowering, Runtime, Event, "
           "Instrumented)"]
    for f in functions:
        runtime = {"runtime": f.runtime, "inline": f.inline}.get(f.lowering,
                                                                 "")
        lowering = f.lowering.capitalize()
        out.append(f'UPC_LIBRARY_FUNCTION("{f.name}", "{f.header}", '
                   f'{lowering}, "{runtime}", "{f.event}", '
                   f'"{f.instrumented}")')
    out.append("")
    out.append("// UPC_LIBRARY_CONSTANT(Typedef, Name, Value, Atomic, "
               "AtomicOps): Atomic is the class (empty when none), AtomicOps "
               "the operations an atomic type allows")
    for c in library.constants:
        out.append(f'UPC_LIBRARY_CONSTANT("{c.typedef}", "{c.name}", '
                   f'{c.number}u, "{c.atomic}", '
                   f'0x{library.atomic_ops(c):x}u)')
    out.append("")
    out.append("// UPC_LIBRARY_FEATURE(Header, Macro)")
    for header, macro in library.features.items():
        out.append(f'UPC_LIBRARY_FEATURE("{header}", "{macro}")')
    out += ["", "#undef UPC_LIBRARY_FUNCTION", "#undef UPC_LIBRARY_CONSTANT",
            "#undef UPC_LIBRARY_FEATURE"]
    return "\n".join(out) + "\n"


def runtime_constants(library):
    """upc_op_t's operations and the atomic types, with their names and
    classes, for the runtime's checks and messages."""
    ops = [c for c in library.constants if c.typedef == "upc_op_t"]
    types = [c for c in library.constants
             if c.typedef == "upc_type_t" and c.atomic]
    lines = ["const upcri_op_info_t upcri_ops[] = {"]
    lines += [f'    {{{c.name}, "{c.name}", UPCRI_OP_'
              f'{(c.atomic or "none").upper()}}},' for c in ops]
    lines += ["};", f"const int upcri_op_count = {len(ops)};", "",
              "const upcri_atomic_type_t upcri_atomic_types[] = {"]
    lines += [f'    {{{c.name}, "{c.name}", sizeof({c.ctype}), UPCRI_AMO_'
              f'{c.atomic.upper()}, 0x{library.atomic_ops(c):x}}},'
              for c in types]
    lines += ["};", f"const int upcri_atomic_type_count = {len(types)};", ""]
    return "\n".join(lines)


# ---- Files ------------------------------------------------------------------

def wrapped(text, prefix, width=79):
    words, lines, line = text.split(), [], prefix.rstrip()
    for w in words:
        if len(line) + 1 + len(w) > width and line != prefix.rstrip():
            lines.append(line)
            line = prefix.rstrip()
        line += " " + w
    lines.append(line)
    return "\n".join(lines)


def c_file_comment(what):
    return ("/*\n" + wrapped(what, " * ") + "\n *\n" +
            wrapped(BANNER, " * ") + "\n */\n")


def from_template(template_path, declarations, default, header):
    if os.path.exists(template_path):
        with open(template_path) as f:
            text = f.read()
    else:
        guard = "_" + re.sub(r"[^A-Za-z0-9]", "_", header).upper() + "_"
        text = default.format(name=header, guard=guard)
    if "@UPC_LIBRARY@\n" not in text:
        raise TableError(f"{template_path}: no @UPC_LIBRARY@ line")
    return text.replace("@UPC_LIBRARY@\n", declarations)


def headers_of(functions):
    """The headers the table names, in table order."""
    return list(dict.fromkeys(f.header for f in functions))


def check_events(functions, source_dir):
    """Every event a function raises is one of the GASP event table
    (runtime-glue/gasp-events/gasp_events.toml), with as many varargs at
    START and END as the table gives it."""
    path = os.path.join(source_dir, "runtime-glue", "gasp-events",
                        "gasp_events.toml")
    with open(path, "rb") as f:
        events = {e.get("name"): e for e in tomllib.load(f).get("event", [])}
    for f in functions:
        if not f.event:
            continue
        e = events.get(f.event)
        if e is None:
            raise TableError(f"{f.name}: event {f.event} is not in the GASP "
                             "event table (runtime-glue/gasp-events)")
        if f.custom_wrapper:
            continue
        for when, given in (("start", f.start), ("end", f.end)):
            want = e.get("args", e.get(when, []))
            if len(given) != len(want):
                raise TableError(
                    f"{f.name}: {len(given)} varargs at {when.upper()}, but "
                    f"{f.event} has {len(want)} ({', '.join(want)})")


def outputs(library, source_dir):
    functions = library.functions
    check_events(functions, source_dir)
    c_headers = headers_of(functions)
    headers = list(dict.fromkeys([c.header for c in library.constants] +
                                 c_headers))
    files = {}
    for h in headers:
        fs = [f for f in functions if f.header == h]
        defines = constant_definitions([c for c in library.constants
                                        if c.header == h])
        files[f"include/upc-instrument/{h}"] = from_template(
            os.path.join(source_dir, "headers", h + ".in"),
            defines + (header_declarations(fs, "upc") if fs else ""),
            DEFAULT_UPC_TEMPLATE, h)
        # A header of constants only serves both sides (the C side's
        # headers include it).
        if fs:
            files[f"include/upc-instrument/runtime/{h}"] = from_template(
                os.path.join(source_dir, "runtime-glue", "include", h + ".in"),
                defines + header_declarations(fs, "c"), DEFAULT_C_TEMPLATE, h)
    # What CMake installs: the headers are whatever the table names.
    files["runtime-glue/generated/headers.cmake"] = (
        "# Generated by runtime-glue/library/generate.py.\n"
        "set(UPC_LIBRARY_HEADER_NAMES " + " ".join(headers) + ")\n"
        "set(UPC_LIBRARY_C_HEADER_NAMES " + " ".join(c_headers) + ")\n")
    files["include/upc-instrument/runtime/upcr_library.h"] = (
        c_file_comment("upcr_library.h - the UPC library's runtime entry "
                       "points, as the translator calls them: upc_NAME is "
                       "upcr_NAME, with the call's source position last. "
                       "Included by upcr.h.") +
        "#ifndef UPCR_LIBRARY_H\n#define UPCR_LIBRARY_H\n\n" +
        runtime_declarations(functions, False) + "\n#endif\n")
    files["include/upc-instrument/runtime/upcr_gasp_library.h"] = (
        c_file_comment("upcr_gasp_library.h - the instrumented forms of the "
                       "library's runtime entry points: upcr_gasp_NAME "
                       "raises the event of upcr_NAME around it. Included "
                       "by upcr_gasp.h.") +
        "#ifndef UPCR_GASP_LIBRARY_H\n#define UPCR_GASP_LIBRARY_H\n\n" +
        runtime_declarations(functions, True) + "\n#endif\n")
    files["runtime-glue/generated/library_names.c"] = (
        c_file_comment("library_names.c - the UPC library under its UPC "
                       "names, for C code (the C-side headers): each "
                       "forwards to its runtime entry, with an unknown "
                       "source position.") +
        "".join(f'#include "{h}"\n' for h in c_headers) + "\n" +
        forwarding_functions(functions))
    files["runtime-glue/generated/library_constants.c"] = (
        c_file_comment("library_constants.c - the atomic operations and "
                       "types of <upc_atomic.h>, with their names and "
                       "classes, for the runtime's checks.") +
        "#include <stdint.h>\n\n#include \"core/atomic.h\"\n\n" +
        runtime_constants(library))
    files["runtime-glue/generated/library_wrappers.c"] = (
        c_file_comment("library_wrappers.c - the instrumented entry points "
                       "of the library (upcr_gasp_library.h): START event, "
                       "upcr_NAME, END event, at the call's source position; "
                       "with no GASP context on the calling thread, only "
                       "upcr_NAME. Varargs have the exact types of "
                       "gasp_upc.h: a tool reads them with va_arg of those "
                       "types.") +
        "#include <stdint.h>\n\n#include \"core/internal.h\"\n"
        "#include \"gasp/gasp_internal.h\"\n\n" +
        "\n".join(wrapper(f) for f in functions
                  if f.event and not f.custom_wrapper))
    files["translator/include/upc-instrument/Library/UpcLibrary.inc"] = (
        "//===- UpcLibrary.inc - The UPC library table ----------------------"
        "-----===//\n//\n" + wrapped(BANNER, "// ") + "\n//\n//===-----------------------------------------------------"
        "-----------------===//\n\n" + translator_table(library))
    return files


def position(table, error):
    """TABLE:LINE[:COL] of an error: tomllib's own position, or the line of
    the entry whose name the message starts with."""
    m = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
    if m:
        return f"{table}:{m.group(1)}:{m.group(2)}"
    name = str(error).split(":")[0]
    try:
        with open(table) as f:
            for number, line in enumerate(f, 1):
                m = re.match(r'\s*name\s*=\s*"([^"]*)"', line)
                if m and name.startswith(m.group(1).split("{")[0]):
                    return f"{table}:{number}"
                # A constant (NAME = {...}) or a feature ("header" = ...).
                m = re.match(r'\s*"?([A-Za-z_][A-Za-z0-9_.]*)"?\s*=', line)
                if m and m.group(1) == name and m.group(1) not in FIELDS:
                    return f"{table}:{number}"
    except OSError:
        pass
    return table


def main(argv):
    if len(argv) != 4:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    table, source_dir, binary_dir = argv[1:]
    try:
        files = outputs(load(table), source_dir)
    except (TableError, tomllib.TOMLDecodeError) as e:
        message = re.sub(r" \(at line \d+, column \d+\)", "", str(e))
        print(f"{position(table, e)}: error: {message}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"{table}: error: {e.strerror}: {e.filename}", file=sys.stderr)
        return 1
    for rel, text in files.items():
        write_if_changed(os.path.join(binary_dir, rel), text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
