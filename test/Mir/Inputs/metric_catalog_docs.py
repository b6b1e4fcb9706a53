"""Checks that docs/mir.md's "Metrics" table lists the metric catalog.

usage: metric_catalog_docs.py mir_metrics.def mir.md

Every MIR_METRIC(NAME, "UNIT", ...) of the catalog must be named exactly
once in the table, in a row whose unit column names UNIT; the table must
name no other metric. Prints "N metrics documented" or one line per
disagreement (exit status 1).
"""
import re
import sys


def catalog(path):
    text = open(path, encoding="utf-8").read()
    entries = re.findall(r'^MIR_METRIC\(\s*(\w+)\s*,\s*"([^"]*)"', text,
                         re.MULTILINE)
    if not entries:
        sys.exit("%s: no MIR_METRIC entries" % path)
    return dict(entries)


def documented(path):
    lines = open(path, encoding="utf-8").read().splitlines()
    try:
        start = lines.index("## Metrics")
    except ValueError:
        sys.exit("%s: no '## Metrics' section" % path)
    rows = {}
    problems = []
    in_table = False
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if not line.startswith("|"):
            if in_table:
                break
            continue
        in_table = True
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) < 3 or cells[0] in ("Metric", "---"):
            continue
        units = {u.strip() for u in cells[1].split(",")}
        for name in re.findall(r"`(\w+)`", cells[0]):
            if name in rows:
                problems.append("%s is in the table twice" % name)
            rows[name] = units
    return rows, problems


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2])
    metrics = catalog(sys.argv[1])
    rows, problems = documented(sys.argv[2])
    for name, unit in metrics.items():
        if name not in rows:
            problems.append("%s is not documented" % name)
        elif unit not in rows[name]:
            problems.append("%s: the doc says %s, the catalog %s" %
                            (name, ", ".join(sorted(rows[name])), unit))
    for name in rows:
        if name not in metrics:
            problems.append("%s is documented but not in the catalog" % name)
    for p in problems:
        print(p)
    if problems:
        return 1
    print("%d metrics documented" % len(metrics))
    return 0


if __name__ == "__main__":
    sys.exit(main())
