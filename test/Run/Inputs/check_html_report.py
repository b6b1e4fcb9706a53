#!/usr/bin/env python3
"""Checks upc-prof's web page as headless Chromium drew it
(upc-prof-html.test).

  check_html_report.py dom DOM.html [--text TEXT]...
      DOM.html is `chromium --dump-dom` of the page: the script finished
      (data-rendered="ok"), recorded no error, drew each section's tables
      with every row of the page's data, its canvases and its notes (what
      the report lacks), and prints them; each TEXT is
      shown as text in some table cell (not read as markup). With the
      sort check injected (below), the clicks sorted the table.
  check_html_report.py inject-sort PAGE.html OUT.html
      A copy of the page that clicks headers of its first events table
      after drawing and writes the columns it sees into the DOM.
  check_html_report.py png SHOT.png WIDTHxHEIGHT
      The screenshot is a PNG of that size that is not blank: decoded here
      (zlib, the PNG filters: no imaging library needed), it has many
      colours, text, and the saturated colours of the timeline and heat map.

Prints what it found (for FileCheck); exits 1 when a check fails.
"""

import html.parser
import json
import struct
import sys
import zlib


class Failed(Exception):
    pass


# ---------------------------------------------------------------------------
# The DOM
# ---------------------------------------------------------------------------

class Page(html.parser.HTMLParser):
    """What the checks need of the dumped DOM."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.body = {}
        self.sections = []          # [id, tables (rows each), canvases,
                                    #  notes]
        self.cell_texts = []        # (section id, text of a td)
        self.cell_markup = []       # tags found inside a td
        self.texts = {}             # id -> text, of script-errors etc.
        self.data = None
        self._stack = []
        self._cell = None
        self._text_of = None
        self._in_tbody = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "body":
            self.body = attrs
        elif tag == "section":
            self.sections.append([attrs.get("id"), [], 0, 0])
        elif tag == "canvas" and self.sections:
            self.sections[-1][2] += 1
        elif tag == "p" and attrs.get("class") == "note" and self.sections:
            self.sections[-1][3] += 1
        elif tag == "table" and self.sections:
            self.sections[-1][1].append(0)
        elif tag == "tbody":
            self._in_tbody = True
        elif tag == "tr" and self._in_tbody and self.sections:
            self.sections[-1][1][-1] += 1
        elif tag == "td":
            self._cell = []
        elif self._cell is not None:
            self.cell_markup.append(tag)
        if attrs.get("id") in ("script-errors", "sort-check",
                               "upc-prof-data"):
            self._text_of = attrs["id"]
            self.texts[self._text_of] = ""

    def handle_endtag(self, tag):
        if tag == "tbody":
            self._in_tbody = False
        elif tag == "td" and self._cell is not None:
            section = self.sections[-1][0] if self.sections else None
            self.cell_texts.append((section, "".join(self._cell)))
            self._cell = None
        elif tag in ("pre", "script"):
            self._text_of = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self._text_of:
            self.texts[self._text_of] += data


def check_dom(path, texts):
    page = Page()
    with open(path, encoding="utf-8") as f:
        page.feed(f.read())
    rendered = page.body.get("data-rendered")
    print("rendered: %s" % rendered)
    errors = page.texts.get("script-errors", "").strip()
    print("script errors: %s" % (errors or "none"))
    if rendered != "ok" or errors:
        raise Failed("the page's script did not finish")
    data = json.loads(page.texts["upc-prof-data"])
    expected = {s["id"]: s for s in data["sections"]}
    for id, tables, canvases, notes in page.sections:
        print("section %s: %d table%s (%s rows), %d canvas%s%s" % (
            id, len(tables), "" if len(tables) == 1 else "s",
            ", ".join(str(n) for n in tables) or "no", canvases,
            "" if canvases == 1 else "es", ", %d note%s" % (
                notes, "" if notes == 1 else "s") if notes else ""))
        if notes != len(expected[id]["notes"]):
            raise Failed("section %s: %d notes drawn, %d in the data" % (
                id, notes, len(expected[id]["notes"])))
        want = [len(t["rows"]) for t in expected[id]["tables"]]
        if tables != want:
            raise Failed("section %s: %s rows drawn, %s in the data" % (
                id, tables, want))
        figures = bool(expected[id].get("timeline")) + bool(
            expected[id].get("matrix"))
        if canvases != figures:
            raise Failed("section %s: %d canvases, %d figures in the data"
                         % (id, canvases, figures))
    if [s[0] for s in page.sections] != list(expected):
        raise Failed("sections drawn: %s" % [s[0] for s in page.sections])
    print("markup in table cells: %s" % (" ".join(page.cell_markup)
                                         or "none"))
    if page.cell_markup:
        raise Failed("text of the report was read as markup")
    for text in texts:
        where = sorted({s for s, t in page.cell_texts if t == text})
        print("text %s: in %s" % (text, ", ".join(where) or "no cell"))
        if not where:
            raise Failed("%s is in no table cell" % text)
    if "sort-check" in page.texts:
        check_sorting(page.texts["sort-check"])


def check_sorting(text):
    """The lines of the injected script: the count column after one click
    and after a second, then the event column after a click."""
    lines = text.strip().split("\n")
    first, second, by_name = [line.rsplit(" ", 1) for line in lines]
    counts = [int(v) for v in first[0].split(",")]
    again = [int(v) for v in second[0].split(",")]
    print("sort by count: %s then %s, by event: %s" % (
        first[1], second[1], by_name[1]))
    if counts != sorted(counts, reverse=True) or first[1] != "descending":
        raise Failed("a click on count did not sort largest first")
    if again != sorted(counts) or second[1] != "ascending":
        raise Failed("a second click did not reverse the order")
    if by_name[1] != "ascending":
        raise Failed("a click on event did not sort in order")


SORT_CHECK = """<script>
(function () {
  const table = document.querySelector("#flat table");
  const heads = Array.from(table.tHead.rows[0].cells);
  const column = function (name) {
    const i = heads.findIndex(function (h) { return h.textContent === name; });
    heads[i].click();
    return Array.from(table.tBodies[0].rows).map(function (r) {
      return r.cells[i].textContent;
    }).join(",") + " " + heads[i].getAttribute("aria-sort");
  };
  const out = document.createElement("pre");
  out.id = "sort-check";
  out.textContent = [column("count"), column("count"), column("event")]
    .join("\\n");
  document.body.appendChild(out);
})();
</script>
"""


def inject_sort(page, out):
    with open(page, encoding="utf-8") as f:
        text = f.read()
    at = text.rindex("</body>")
    with open(out, "w", encoding="utf-8") as f:
        f.write(text[:at] + SORT_CHECK + text[at:])


# ---------------------------------------------------------------------------
# The screenshot
# ---------------------------------------------------------------------------

def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def unfilter(raw, width, height, bpp):
    """The pixel rows of a PNG's decompressed image data (PNG spec, 9)."""
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        line = bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, prev))
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                up_left = prev[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + paeth(left, prev[i], up_left)) & 0xFF
        elif kind != 0:
            raise Failed("row %d: unknown PNG filter %d" % (y, kind))
        rows.append(line)
        prev = line
    return rows


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise Failed("%s: not a PNG" % path)
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise Failed("%s: a PNG of a kind not read here (depth %d, colour "
                     "type %d, interlace %d)" % (path, depth, colour,
                                                 interlace))
    bpp = 3 if colour == 2 else 4
    rows = unfilter(zlib.decompress(b"".join(idat)), width, height, bpp)
    return width, height, rows, bpp


def check_png(path, size):
    width, height, rows, bpp = read_png(path)
    colours = set()
    ink = saturated = 0
    for line in rows:
        for i in range(0, len(line), bpp):
            r, g, b = line[i], line[i + 1], line[i + 2]
            colours.add((r, g, b))
            if r + g + b < 720:
                ink += 1
            if max(r, g, b) - min(r, g, b) > 80:
                saturated += 1
    pixels = width * height
    print("png: %dx%d, %d colours, %.1f%% not white, %d saturated pixels"
          % (width, height, len(colours), 100.0 * ink / pixels, saturated))
    if "%dx%d" % (width, height) != size:
        raise Failed("the screenshot is not %s" % size)
    # A blank or unstyled page has a few colours and no saturated ones;
    # the legends alone have under a thousand saturated pixels.
    if len(colours) < 16 or not 0.01 < ink / pixels < 0.9 \
            or saturated < 2000:
        raise Failed("the screenshot looks blank")
    print("png: not blank")


def main(argv):
    if len(argv) >= 2 and argv[0] == "dom":
        texts = [argv[i + 1] for i in range(1, len(argv) - 1)
                 if argv[i] == "--text"]
        check_dom(argv[1], texts)
    elif len(argv) == 3 and argv[0] == "inject-sort":
        inject_sort(argv[1], argv[2])
    elif len(argv) == 3 and argv[0] == "png":
        check_png(argv[1], argv[2])
    else:
        sys.exit(__doc__)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Failed as e:
        print("check_html_report: %s" % e)
        sys.exit(1)
