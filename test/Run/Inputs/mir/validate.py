"""validate.py DTD NAME...: each NAME.measurement.xml is valid against DTD
(xmllint --dtdvalid), and the second value of loop.measurement.xml's
threads (the barrier time) is below the third (the wall time)."""
import re
import subprocess
import sys

dtd, names = sys.argv[1], sys.argv[2:]
for name in names:
    subprocess.run(["xmllint", "--noout", "--nonet", "--dtdvalid", dtd,
                    name + ".measurement.xml"], check=True)
    if name == "loop":
        text = open("loop.measurement.xml").read()
        for thread in re.findall(r'threadId="\d+">(.*?)</measurement>', text,
                                 re.S):
            count, barrier, wall = [float(v) for v in
                                    re.findall(r'value="([^"]+)"', thread)]
            if not (count == 1 and 0 < barrier <= wall):
                sys.exit("loop: expected 1 execution and 0 < barrier time "
                         "<= wall time, got %s" % thread)
