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

from .channel import socket_path, user_dir
from .client import Client
from .documents import (Measurement, Snapshot, SnapshotEntity, Value,
                        parse_measurement, parse_probe, parse_snapshot,
                        parse_xml)
from .errors import MirError
from .requests import (Entity, Measuring, ProbeSpec, ctrlreq, instrreq,
                       process, sirreq, snapshotreq, thread)
from .sir import Region, Sir, load_sir, parse_sir

__all__ = [
    "Client", "Entity", "Measurement", "Measuring", "MirError", "ProbeSpec",
    "Region", "Sir", "Snapshot", "SnapshotEntity", "Value", "ctrlreq",
    "instrreq", "load_sir", "parse_measurement", "parse_probe", "parse_sir",
    "parse_snapshot", "parse_xml", "process", "sirreq", "snapshotreq",
    "socket_path", "thread", "user_dir",
]
