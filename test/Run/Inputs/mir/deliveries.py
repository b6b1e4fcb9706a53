"""deliveries.py NAME...: NAME.1.xml, NAME.2.xml... exist (at least 3)
with one value each (a SUM over the threads), and NAME.xml (the value at
exit). Deliveries of totals (NAME other than window-out) never decrease
and the final value is at least the last delivery; windows count the
executions of one window each, never more than the total."""
import glob
import re
import sys


def value(path):
    values = re.findall(r'value="([0-9.]+)"', open(path).read())
    if len(values) != 1:
        sys.exit("%s: expected one value, got %s" % (path, values))
    return float(values[0])


for name in sys.argv[1:]:
    numbered = sorted(glob.glob(name + ".[0-9]*.xml"),
                      key=lambda p: int(p.split(".")[-2]))
    if len(numbered) < 3:
        sys.exit("%s: %d deliveries" % (name, len(numbered)))
    if [int(p.split(".")[-2]) for p in numbered] != list(
            range(1, len(numbered) + 1)):
        sys.exit("%s: deliveries are not numbered 1, 2, ..." % name)
    values = [value(p) for p in numbered]
    final = value(name + ".xml")
    if name != "window-out":
        if values != sorted(values) or final < values[-1]:
            sys.exit("%s: totals decrease: %s, final %s" %
                     (name, values, final))
    elif max(values) > final or max(values) <= 0:
        sys.exit("%s: windows %s, total %s" % (name, values, final))
    print("%s: %d deliveries" % (name, len(numbered)))
