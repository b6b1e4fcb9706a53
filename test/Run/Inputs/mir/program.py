"""program.py: what the MIR session scripts share. The program under test
runs with UPC_MIR_SOCKET=./mir.sock until the file "stop" exists; requests
go through `upc-mir send`; a condition the program must bring about is
waited for as an outcome, never as a length of time, and one that does not
come within DEADLINE seconds is a hang."""
import os
import subprocess
import sys
import time

DEADLINE = 120


class Program:
    def __init__(self, upc_mir, argv):
        self.upc_mir = upc_mir
        if os.path.exists("stop"):
            os.remove("stop")
        self.proc = subprocess.Popen(
            argv, env=dict(os.environ, UPC_MIR_SOCKET="./mir.sock"))

    def send(self, text, wait="20"):
        """Sends the request text; (exit status, answer)."""
        reply = subprocess.run(
            [self.upc_mir, "send", "--wait", wait, "./mir.sock", "-"],
            input=text, capture_output=True, text=True, timeout=60)
        return reply.returncode, reply.stdout

    def until(self, what, condition):
        """Polls condition() until it holds; exits saying what never came."""
        end = time.monotonic() + DEADLINE
        while not condition():
            if self.proc.poll() is not None:
                sys.exit("the program ended (status %d) before %s" %
                         (self.proc.returncode, what))
            if time.monotonic() > end:
                sys.exit("hang: no %s after %d s" % (what, DEADLINE))
            time.sleep(0.05)

    def stop(self):
        """Creates "stop"; the program's exit status."""
        open("stop", "w").close()
        return self.proc.wait(timeout=DEADLINE)
