"""upc_mir: a client of running UPC programs' MIR channel (docs/mir.md,
"Python: upc_mir"), with the Python standard library only.

    import upc_mir
    c = upc_mir.Client("heat.sock", wait=10)
    sir = c.sir()
    probe = c.instrument("heat_upc.main.loop1", metrics=["WC_TIME"],
                         entities=upc_mir.thread("*"), activated=True)
    print(c.value(probe).by_thread(probe, "WC_TIME"))

The package also holds `upc-mir search` (upc_mir.search).
"""

import importlib

# Each name's module, imported when the name is first used (PEP 562), so
# that `upc-mir search` starts the program before importing what it needs
# to measure it.
_WHERE = {
    "socket_path": "channel", "user_dir": "channel",
    "Client": "client",
    "Measurement": "documents", "Snapshot": "documents",
    "SnapshotEntity": "documents", "Value": "documents",
    "parse_measurement": "documents", "parse_probe": "documents",
    "parse_snapshot": "documents", "parse_xml": "documents",
    "MirError": "errors",
    "Entity": "requests", "Measuring": "requests", "ProbeSpec": "requests",
    "ctrlreq": "requests", "instrreq": "requests", "process": "requests",
    "sirreq": "requests", "snapshotreq": "requests", "thread": "requests",
    "Region": "sir", "Sir": "sir", "load_sir": "sir", "parse_sir": "sir",
}


def __getattr__(name):
    if name not in _WHERE:
        raise AttributeError("module 'upc_mir' has no attribute %r" % name)
    value = getattr(importlib.import_module("." + _WHERE[name], __name__),
                    name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(list(globals()) + list(_WHERE))


# The public names are those of the table.
__all__ = sorted(_WHERE)
