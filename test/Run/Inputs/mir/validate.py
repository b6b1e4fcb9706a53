"""validate.py MIR_DIR NAME...: each NAME.measurement.xml is valid against
MIR_DIR/measurement.dtd and MIR_DIR/measurement.xsd (xmllint --dtdvalid
--schema: the DTD and the XML Schema of MIR, section 9), and the second
value of loop.measurement.xml's threads (the barrier time) is below the
third (the wall time)."""
import os
import re
import subprocess
import sys

mir_dir, names = sys.argv[1], sys.argv[2:]
for name in names:
    subprocess.run(["xmllint", "--noout", "--nonet", "--dtdvalid",
                    os.path.join(mir_dir, "measurement.dtd"), "--schema",
                    os.path.join(mir_dir, "measurement.xsd"),
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
