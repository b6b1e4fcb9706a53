"""schedule.py UPC_MIR PROGRAM...: control requests do not change a probe's
schedule (MIR, section 5: VALUE leaves the instrumentation as it is), a
sampled probe's VALUE is its last sample, and an inactive probe delivers
nothing. PROGRAM runs as program.py says."""
import glob
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.dont_write_bytecode = True  # keep the source tree clean
from program import Program  # noqa: E402

sys.stdout.reconfigure(line_buffering=True)  # in order with the program's
program = Program(sys.argv[1], sys.argv[2:])


def value(probe, wait="20"):
    status, answer = program.send(
        '<ctrlreq action="VALUE"><probe id="%s"/></ctrlreq>\n' % probe, wait)
    if status != 0:
        sys.exit("VALUE of %s failed (%d): %s" % (probe, status, answer))
    return answer


def delivered(stem):
    return sorted(glob.glob(stem + ".[0-9]*.xml"))


def contents(paths):
    texts = set()
    for p in paths:
        with open(p) as f:
            texts.add(f.read())
    return texts


value("slow", wait="60")


# VALUE polled five times a second: the probe still delivers every second.
def polled_twice():
    value("slow")
    time.sleep(0.2)
    return len(delivered("slow-out")) >= 2


program.until("two deliveries of 'slow' while its VALUE was polled",
              polled_twice)
print("slow: delivered while polled")

# Meanwhile (more than a second) the inactive probe delivered nothing.
print("idle: %d deliveries while inactive" % len(delivered("idle-out")))
program.send('<ctrlreq action="ACTIVATE"><probe id="idle"/></ctrlreq>\n')
program.until("a delivery of 'idle' after ACTIVATE",
              lambda: len(delivered("idle-out")) >= 1)
print("idle: delivers once active")

# A sampled probe's VALUE is its last sample: a document it delivered.
program.until("a sample of 'sampled'",
              lambda: len(delivered("sampled-out")) >= 1)
mismatches = 0
for _ in range(5):
    answer = value("sampled")
    if answer not in contents(delivered("sampled-out")):
        mismatches += 1
        print("sampled: VALUE answered what no sample delivered:\n" + answer)
print("sampled: %d answers not a sample" % mismatches)
for probe in ("nowhere", "unknown"):
    with open(probe + "-value.out", "w") as out:
        out.write(value(probe))
sys.exit(program.stop())
