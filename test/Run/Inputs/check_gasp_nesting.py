#!/usr/bin/env python3
"""Checks dump-tool files: in each, START and END events nest properly (every
END closes the latest open START of the same event and location) and nothing
is left open; prints the number of events per file."""
import re
import sys

LINE = re.compile(r"^(\d+)/(\d+) [0-9.]+> \[(.*?)\] (.+?) (START|END  |ATOMIC) \{")

status = 0
for path in sys.argv[1:]:
    stack, count = [], 0
    with open(path) as f:
        for number, line in enumerate(f, 1):
            m = LINE.match(line)
            if not m:
                print("%s:%d: not a dump line: %s" % (path, number, line.rstrip()))
                status = 1
                continue
            count += 1
            key = (m.group(3), m.group(4))
            kind = m.group(5).strip()
            if kind == "START":
                stack.append((key, number))
            elif kind == "END":
                if not stack or stack[-1][0] != key:
                    print("%s:%d: END of %s without its START" % (path, number, key))
                    status = 1
                else:
                    stack.pop()
    for key, number in stack:
        print("%s:%d: START of %s never ended" % (path, number, key))
        status = 1
    print("%s: %d events, properly nested" % (path.rsplit("/", 1)[-1], count))
sys.exit(status)
