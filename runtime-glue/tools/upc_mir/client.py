"""A running program's MIR channel as Python calls: each method sends one
request over UPC_MIR_SOCKET and returns its answer as Python objects,
keeping each probe's last defining request to read its measurements."""

from . import channel, requests
from .documents import (parse_measurement, parse_probe, parse_snapshot,
                        parse_xml)
from .errors import MirError
from .requests import Measuring, ProbeSpec
from .sir import Sir


class Client:
    """The program listening on socket (UPC_MIR_SOCKET's name: without '/',
    in the user's private directory of MIR sockets). wait: seconds each
    request waits for the program to listen; timeout: seconds for each
    answer; max_answer: bytes."""

    def __init__(self, socket, wait=0.0, timeout=60.0,
                 max_answer=channel.MAX_ANSWER):
        self.path = channel.socket_path(socket)
        self.wait, self.timeout, self.max_answer = wait, timeout, max_answer
        # {probe id: ProbeSpec}: what the last defining request says.
        self.specs = {}

    def send(self, request):
        """The answer to a request (str or bytes) as text; an errors
        document raises MirError."""
        return self.exchange(request)[0]

    def exchange(self, request):
        """The answer's text and its parsed root element (parsed once: a
        tool reading many probes often reads large documents)."""
        if isinstance(request, str):
            request = request.encode("utf-8")
        answer = channel.exchange(self.path, request, self.wait,
                                  self.timeout, self.max_answer)
        text = answer.decode("utf-8", errors="replace")
        return text, parse_xml(text)  # raises on <errors>

    def sir(self, resource="*"):
        """The program's SIR (every file, or the one resource names)."""
        return Sir(self.exchange(requests.sirreq([resource]))[1])

    def instrument(self, region, to=None, metrics=(), entities=None,
                   measuring=None, activated=None):
        """A new probe on a region (instrreq): its id."""
        pid = parse_probe(self.exchange(requests.instrreq(
            region, to, metrics, entities, measuring, activated))[1])
        self.specs[pid] = ProbeSpec(
            metrics, entities,
            measuring.aggregates if measuring is not None else ())
        return pid

    def define(self, probe, request=None, **settings):
        """Says what a probe defined elsewhere (a compiled one) measures:
        its instrreq's text, or ProbeSpec's arguments."""
        self.specs[probe] = (ProbeSpec.from_request(request) if request
                             else ProbeSpec(**settings))

    def spec(self, probe):
        return self.specs.setdefault(probe, ProbeSpec())

    def control(self, action, probes, metrics=(), entities=None,
                measuring=None):
        """A control request; the probes' measurement (a Measurement)."""
        if isinstance(probes, str):
            probes = [probes]
        _, root = self.exchange(requests.ctrlreq(action, probes, metrics,
                                                 entities, measuring))
        for p in probes:
            self.spec(p).update(metrics, entities, measuring)
        result = parse_measurement(root, {p: self.spec(p) for p in probes})
        if action == "REMOVE":
            for p in probes:
                self.specs.pop(p, None)
        return result

    def value(self, probes):
        return self.control("VALUE", probes)

    def activate(self, probes):
        return self.control("ACTIVATE", probes)

    def deactivate(self, probes):
        return self.control("DEACTIVATE", probes)

    def reset(self, probes):
        return self.control("RESET", probes)

    def remove(self, probes):
        return self.control("REMOVE", probes)

    def snapshot(self, named=None, stack=None):
        return parse_snapshot(self.exchange(
            requests.snapshotreq(named, stack))[1])


__all__ = ["Client", "Measuring", "MirError"]
