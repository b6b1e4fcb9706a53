#!/usr/bin/env python3
"""Writes a tool's man page with help2man, from the tool's --help and
--version (the option tables stay the one source of the pages).

  make-man-page.py HELP2MAN OUTPUT INCLUDE.h2m TOOL [TOOL ARGS...]
  make-man-page.py --filter TOOL [TOOL ARGS...] --help|--version

help2man reads GNU-style help ("Usage:", "Options:", "Environment:"), so
help2man runs this script's --filter form, which runs the tool and rewrites
the headings of LLVM's OptTable (OVERVIEW:, USAGE:, ACTIONS:...) and of
Python's argparse (usage:, options:) into that form, gives an option as
wide as its column the two spaces help2man needs before its description,
and keeps the first line of --version. The words are the tool's.
"""
import os
import re
import shlex
import subprocess
import sys


def run(tool, option):
    # argparse wraps at $COLUMNS; man wraps the page itself.
    env = dict(os.environ, COLUMNS="1000")
    return subprocess.run(tool + [option], env=env, check=True,
                          stdout=subprocess.PIPE, text=True).stdout


def is_heading(lines, i):
    return (re.match(r"^\S.*:$", lines[i]) is not None and
            i + 1 < len(lines) and lines[i + 1].startswith(" "))


def separate_descriptions(lines):
    """OptTable leaves a single space after an option as wide as its
    group's option column; help2man needs two to find the description."""
    out, group = [], []

    def flush():
        # The group's description column: after an option and 2+ spaces, or
        # the indent of a description under a wide option.
        column = None
        for line in group:
            m = (re.match(r"^  -\S.*?\S  +(?=\S)", line) or
                 re.match(r"^ {20,}(?=\S)", line))
            if m:
                column = m.end()
                break
        for i, line in enumerate(group):
            # (An option whose description is on the next line is left.)
            described = i + 1 == len(group) or group[i + 1].startswith("  -")
            if (column and described and line.startswith("  -") and
                    len(line) > column and line[column - 1] == " " and
                    line[column - 2] != " "):
                line = line[:column - 1] + " " + line[column - 1:]
            out.append(line)
        group.clear()

    for line in lines:
        if line.startswith(" "):
            group.append(line)
        else:
            flush()
            out.append(line)
    flush()
    return out


def gnu_help(text):
    lines = separate_descriptions(text.splitlines())
    out = []
    program = None
    in_options = False
    for i, line in enumerate(lines):
        if line.startswith("OVERVIEW: "):
            continue  # the page's NAME line (--name)
        usage = re.match(r"^(?:USAGE|usage): +(\S+)(.*)$", line)
        if usage:
            program = usage.group(1)
            out.append("Usage: " + program + usage.group(2))
            continue
        # OptTable's second usage line is indented under the first.
        if (program and out and out[-1].startswith(("Usage:", " or:")) and
                line.strip().startswith(program + " ")):
            out.append(" or: " + line.strip())
            continue
        if is_heading(lines, i):
            title = line[:-1]
            if title.lower() == "environment":
                out.append("Environment:")
                continue
            if not in_options:
                in_options = True
                out.append("Options:")
                if title.lower() == "options":
                    continue
        out.append(line)
    return "\n".join(out) + "\n"


def main(argv):
    if argv[0] == "--filter":
        tool, option = argv[1:-1], argv[-1]
        text = run(tool, option)
        if option == "--help":
            text = gnu_help(text)
        else:
            # The first line names the program, its package and version;
            # help2man would put further lines in the last section.
            text = text.splitlines()[0] + "\n"
        sys.stdout.write(text)
        return 0

    help2man, output, include, tool = argv[0], argv[1], argv[2], argv[3:]
    command = [help2man, "--no-info", "--include", include,
               "--output", output]
    # OptTable's "OVERVIEW: NAME - what it is" is the NAME line; the other
    # tools' comes from the include file.
    overview = re.search(r"^OVERVIEW: \S+ - (.*)$", run(tool, "--help"), re.M)
    if overview:
        command += ["--name", overview.group(1)]
    # help2man runs its argument through the shell, with --help appended.
    command.append(shlex.join([sys.executable, os.path.abspath(__file__),
                               "--filter"] + tool))
    return subprocess.run(command).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
