"""Checks translator/tools/environment.def, the table of the variables
that programs read, against what uses it:

  environment_table.py SOURCE_ROOT COMMAND...

- every row is named (`NAME`) in its reader's doc and in command-line.md,
  so the docs cannot drift from the table;
- the variables that the GASP tools and the runtime read (getenv and the
  helpers around it) are the rows, Open MPI's own (OMPI_*) aside;
- each COMMAND --help lists exactly the rows, in order, in its ENVIRONMENT
  OF PROGRAMS section.
"""
import glob
import os
import re
import subprocess
import sys

root, commands = sys.argv[1], sys.argv[2:]
errors = []

table = open(os.path.join(root, "translator/tools/environment.def")).read()
rows = re.findall(r'^UPC_ENV\("(\w+)", "([^"]+)"', table, re.M)
if len(rows) != table.count("\nUPC_ENV("):
    errors.append("environment.def: a row is not UPC_ENV(\"NAME\", \"READER\"")

def doc_of(reader):
    if reader.startswith("--tool="):
        return "gasp-tools.md"
    if reader == "--mir-request":
        return "mir.md"
    if reader in ("runtime", "--backend=mpi"):
        return "runtime.md"
    errors.append("environment.def: no doc for the reader '%s'" % reader)
    return "command-line.md"

docs = {}
for name, reader in rows:
    for doc in {doc_of(reader), "command-line.md"}:
        if doc not in docs:
            docs[doc] = open(os.path.join(root, "docs", doc)).read()
        if "`%s`" % name not in docs[doc] and "`%s=" % name not in docs[doc]:
            errors.append("docs/%s does not name %s (%s)" % (doc, name, reader))

read = set()
sources = [f for d in ("gasp-tools/common", "gasp-tools/dump",
                       "gasp-tools/profile", "gasp-tools/trace",
                       "runtime-glue/src", "runtime-glue/tools")
           for f in glob.glob(os.path.join(root, d, "**", "*.c"),
                              recursive=True)]
for path in sources:
    text = open(path).read()
    for name in re.findall(
            r'\b(?:getenv|upcgt_getenv|upcgt_getenv_yes|(?:upcrm_)?env_disabled)'
            r'\(\s*"(\w+)"', text):
        if not name.startswith("OMPI_"):
            read.add(name)
            if name not in dict(rows):
                errors.append("%s reads %s, which environment.def lacks" %
                              (os.path.relpath(path, root), name))
for name, reader in rows:
    if name not in read:
        errors.append("environment.def: no source reads %s" % name)

for command in commands:
    help_text = subprocess.run([command, "--help"], check=True, text=True,
                               stdout=subprocess.PIPE).stdout
    section = help_text.split("\nENVIRONMENT OF PROGRAMS", 1)
    listed = re.findall(r"^  (\w+)  +(\S+):", section[-1], re.M)
    if len(section) != 2 or listed != [(n, r) for n, r in rows]:
        errors.append("%s --help lists %s, not the table's %s" %
                      (os.path.basename(command), listed, rows))

for e in errors:
    print("error:", e)
print("%d variables, %d read by the sources: %s" %
      (len(rows), len(read), "mismatch" if errors else "docs, sources and "
       "--help agree"))
sys.exit(1 if errors else 0)
