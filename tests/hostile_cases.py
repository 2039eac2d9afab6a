"""The hostile-input table: every case is data (class, name, kind, input, expected exit code).

Kinds (tests/test_hostile.py runs them):
  spec      the bytes or text of a job spec, run as `generate SPEC -o OUT` (or `build` when the
            case says so); exit 2 must leave OUT unmade
  argv      command-line arguments; {spec} is a valid small spec, {tmp} the test's folder
  outdir    a named hostile output path, built with `generate {spec} -o PATH`; a refusal (2) must
            leave every file under {tmp} as it was
  record    a change to the first record of a built folder, then a command (verify or layout)
  manifest  a change to manifest.json of a built folder, then a command
  stamp     a change to a built folder's layout stamp or outputs, then `build` again: the layout
            must be redone (exit 0, not "kept") and the new files whole
  edition   a change to a built folder's edition.json ("seal" after it: its digest made again, as
            another version would have written it), then `reprint EDITION -o OUT`: exit 2 with
            nothing written (OUT unmade)
  picture   a picture file (made by the maker the data names, tests/test_hostile.py) given as a
            section's `picture:`, then `generate`: exit 2 with the message fragment, nothing written

Changes are ("set", path, value), ("del", path), ("raw", bytes) or ("replace", what).
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Case(NamedTuple):
    cls: str
    name: str
    kind: str
    data: Any
    exit: int
    command: str = ""


VALID = "title: Hostile\nseed: hostile\nsections: [{type: nonogram, size: 5, count: 2}]\n"
SECTION = "sections: [{type: nonogram, size: 5, count: 1}]\n"


def spec(title: str = "T", extra: str = "", section: str = SECTION, seed: str = "seed: s\n") -> str:
    return f"title: {title}\n{seed}{extra}{section}"


BOMB = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
    f"{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n" for p, c in zip("abcdefgh", "bcdefghi")
)

YAML_BOUNDS = [
    Case("yaml", "alias bomb (1 KB, billions of nodes)", "spec", BOMB + VALID, 2),
    Case("yaml", "self-referencing alias", "spec", "a: &a [*a]\n" + VALID, 2),
    Case("yaml", "a single harmless alias is still refused", "spec", "title: &t Hostile\nsubtitle: *t\nseed: s\n" + SECTION, 2),
    Case("yaml", "100,000 nested sequences", "spec", "[" * 100_000 + "]" * 100_000, 2),
    Case("yaml", "100,000 nested flow mappings", "spec", "{a: " * 100_000 + "1" + "}" * 100_000, 2),
    Case("yaml", "200 nested block mappings", "spec", "".join(" " * i + f"k{i}:\n" for i in range(200)) + " " * 200 + "x\n", 2),
    Case("yaml", "1.1 MB of comment", "spec", "#" + "x" * 1_100_000 + "\n" + VALID, 2),
    Case("yaml", "not UTF-8", "spec", b"title: \xff\xfe\n" + SECTION.encode(), 2),
    Case("yaml", "UTF-16 text", "spec", VALID.encode("utf-16"), 2),
    Case("yaml", "NUL byte", "spec", "title: a\0b\nseed: s\n" + SECTION, 2),
    Case("yaml", "empty file", "spec", "", 2),
    Case("yaml", "a list, not a mapping", "spec", "[1, 2]\n", 2),
    Case("yaml", "a scalar", "spec", "hello\n", 2),
    Case("yaml", "unclosed bracket", "spec", "title: [\n", 2),
    Case("yaml", "tab indentation", "spec", "title: T\nseed: s\nsections:\n\t- type: nonogram\n", 2),
    Case("yaml", "python object tag", "spec", spec(title='!!python/object/apply:os.system ["echo pwned"]'), 2),
    Case("yaml", "binary tag", "spec", spec(title="!!binary aGVsbG8="), 2),
    Case("yaml", "set tag", "spec", spec(title="!!set {a, b}"), 2),
    Case("yaml", "duplicate key", "spec", "title: a\ntitle: b\nseed: s\n" + SECTION, 2),
    Case("yaml", "5,000-digit integer as size", "spec", spec(section=f"sections: [{{type: nonogram, size: {'9' * 5000}, count: 1}}]\n"), 2),
    Case("yaml", "5,000-digit integer as count", "spec", spec(section=f"sections: [{{type: nonogram, size: 5, count: {'9' * 5000}}}]\n"), 2),
    Case("yaml", "two documents", "spec", VALID + "---\n" + VALID, 2),
]

TEXT = [
    Case("text", f"lone surrogate in {where}", "spec", text, 2)
    for where, text in [
        ("title", spec(title='"a\\ud800b"')),
        ("subtitle", spec(extra='subtitle: "\\udfff"\n')),
        ("author", spec(extra='author: "x\\ud83dy"\n')),
        ("seed", spec(seed='seed: "s\\ud800"\n')),
        ("code", spec(section='sections: [{type: nonogram, size: 5, count: 1, codes: ["\\ud800"]}]\n')),
        ("section title", spec(section='sections: [{type: nonogram, size: 5, count: 1, title: "\\udc80"}]\n')),
        ("a key", spec(extra='"\\ud800": 1\n')),
        ("exclude", spec(extra='exclude: ["\\ud800.json"]\n')),
        ("output", spec(extra='output: "out\\ud800"\n')),
    ]
] + [
    Case("text", f"{what} in the title, printed literally", "spec", spec(title=text), 0, "build" if build else "")
    for what, text, build in [
        ("rich markup closing tag", "'x [/bold] y'", True),
        ("rich markup", "'[red]red[/red] [link=http://x]l[/link]'", True),
        ("HTML", "'<script>alert(1)</script><img src=file:///etc/passwd>'", True),
        ("Jinja", "'{{ 7*7 }} {% raw %}'", False),
        ("printf", "'%s %d %n'", False),
        ("ANSI escape", '"\\e[31mred\\e[0m"', False),
        ("right-to-left override", '"abc\\u202Edef"', False),
        ("combining marks the font has", '"e\\u0301 a\\u0308 \\U0001F600"', False),
        ("a newline", '"two\\nlines"', False),
        ("a NUL escape", '"a\\0b"', False),
        ("500 characters", "'" + "W" * 500 + "'", False),
    ]
] + [
    Case("text", "rich markup in a section title", "spec", spec(section="sections: [{type: nonogram, size: 5, count: 1, title: '[/]x[bold'}]\n"), 0, "build"),
    Case("text", "markup in a code", "spec", spec(section="sections: [{type: nonogram, size: 5, count: 1, codes: ['[/bold]']}]\n"), 0),
    Case("text", "path in a code", "spec", spec(section="sections: [{type: nonogram, size: 5, count: 1, codes: ['../../../etc/passwd']}]\n"), 0),
]

SCHEMA = [
    Case("spec", name, "spec", text, 2)
    for name, text in [
        ("date before the supported range with previous answers", "title: T\ndate: 0001-01-03\nanswers: previous\n" + SECTION),
        ("date 1899-12-31", "title: T\ndate: 1899-12-31\n" + SECTION),
        ("date 1900-01-01 with previous answers (an 1899 issue)", "title: T\ndate: 1900-01-01\nanswers: previous\n" + SECTION),
        ("date as an ISO week", "title: T\ndate: 2026-W48-1\n" + SECTION),
        ("date as a number", "title: T\ndate: 20261130\n" + SECTION),
        ("size in hex (YAML 1.1: 16)", spec(section="sections: [{type: nonogram, size: 0x10, count: 1}]\n")),
        ("count in octal (YAML 1.1: 8)", spec(section="sections: [{type: nonogram, size: 5, count: 0o10}]\n")),
        ("size base 60 (YAML 1.1: 80)", spec(section="sections: [{type: nonogram, size: '1:20', count: 1}]\n")),
        ("count with underscores (YAML 1.1: 1000)", spec(section="sections: [{type: nonogram, size: 5, count: 1_0}]\n")),
        ("cover: yes (YAML 1.1: true)", spec(extra="cover: yes\n")),
        ("a code with a line break", spec(section='sections: [{type: nonogram, size: 5, count: 1, codes: ["a\\nb"]}]\n')),
        ("a code with a terminal escape", spec(section='sections: [{type: nonogram, size: 5, count: 1, codes: ["\\e[2J"]}]\n')),
        ("empty title", "title: ''\nseed: s\n" + SECTION),
        ("blank title", "title: '   '\nseed: s\n" + SECTION),
        ("a Japanese title (no glyph in DejaVu Sans)", "title: 猫の本\nseed: s\n" + SECTION),
        ("a Thai subtitle", spec(extra="subtitle: ภาษาไทย\n")),
        ("an emoji the font lacks in the author", spec(extra="author: 'Ann 🧩'\n")),
        ("a combining mark the font lacks", spec(title='"a\\u0350b"')),
        ("Devanagari in a section title", spec(section="sections: [{type: nonogram, size: 5, count: 1, title: 'क्ष'}]\n")),
        ("Japanese in a code (printed under its puzzle)", spec(section="sections: [{type: nonogram, size: 5, count: 1, codes: ['日本']}]\n")),
        ("a cover title with a word wider than the trim at any size", spec(title="'Pneumonoultramicroscopicsilicovolcanoconiosis" + "x" * 20 + "'", extra="cover: true\n")),
        ("a cover title of more lines than the front holds", spec(title="'" + "Long words go on " * 20 + "'", extra="cover: true\n")),
        ("a cover title longer than the spine", spec(title="'" + "Spine " * 25 + "'", extra="cover: true\npage: {size: 12x4in}\nprint: offset\n")),
        ("a cover subtitle of more lines than it has room for", spec(extra="cover: true\nsubtitle: '" + "and more " * 60 + "'\n")),
        ("a section title with a word wider than the page", spec(section="sections: [{type: nonogram, size: 5, count: 1, title: '" + "Long" * 30 + "'}]\n")),
        ("a section title of three lines as a heading", spec(section="sections: [{type: nonogram, size: 5, count: 1, title: '" + "a section title " * 20 + "'}]\n")),
        ("a newsletter title of three lines in the running header", "title: '" + "The Extraordinarily Long Weekly Puzzle Post of " * 6 + "'\ndate: 2026-11-30\nformat: newsletter\n" + SECTION),
        ("a cover author line wider than the front", spec(extra="cover: true\nauthor: '" + "Name " * 30 + "'\n")),
        ("impossible date", "title: T\ndate: 2026-02-30\n" + SECTION),
        ("print service as a list (found by fuzzing)", spec(extra="print: []\n")),
        ("print service as a mapping", spec(extra="print: {kdp: 1}\n")),
        ("five-digit year", "title: T\ndate: 10000-01-01\n" + SECTION),
        ("size not made", spec(section="sections: [{type: nonogram, size: 31, count: 1}]\n")),
        ("negative size", spec(section="sections: [{type: nonogram, size: -5, count: 1}]\n")),
        ("size as text", spec(section="sections: [{type: nonogram, size: ten, count: 1}]\n")),
        ("size NaN", spec(section="sections: [{type: nonogram, size: .nan, count: 1}]\n")),
        ("size infinity", spec(section="sections: [{type: nonogram, size: .inf, count: 1}]\n")),
        ("count zero", spec(section="sections: [{type: nonogram, size: 5, count: 0}]\n")),
        ("count negative", spec(section="sections: [{type: nonogram, size: 5, count: -1}]\n")),
        ("count too many", spec(section="sections: [{type: nonogram, size: 5, count: 10001}]\n")),
        ("count fractional", spec(section="sections: [{type: nonogram, size: 5, count: 1.5}]\n")),
        ("count boolean", spec(section="sections: [{type: nonogram, size: 5, count: true}]\n")),
        ("unknown type", spec(section="sections: [{type: no-such-type, size: 9, count: 1}]\n")),
        ("type as number", spec(section="sections: [{type: 5, size: 5, count: 1}]\n")),
        ("codes repeated", spec(section="sections: [{type: nonogram, size: 5, count: 2, codes: [a, a]}]\n")),
        ("more codes than count", spec(section="sections: [{type: nonogram, size: 5, count: 1, codes: [a, b]}]\n")),
        ("empty code", spec(section="sections: [{type: nonogram, size: 5, count: 1, codes: ['']}]\n")),
        ("201-character code", spec(section=f"sections: [{{type: nonogram, size: 5, count: 1, codes: ['{'c' * 201}']}}]\n")),
        ("code as mapping", spec(section="sections: [{type: nonogram, size: 5, count: 1, codes: [{a: 1}]}]\n")),
        ("unknown key", spec(extra="titel: x\n")),
        ("no sections", "title: T\nseed: s\nsections: []\n"),
        ("sections as mapping", "title: T\nseed: s\nsections: {type: nonogram}\n"),
        ("no seed and no date", "title: T\n" + SECTION),
        ("unknown page size", spec(extra="page: A99\n")),
        ("negative margin", spec(extra="page: {margins: {top: -5mm}}\n")),
        ("gutter as word", spec(extra="page: {gutter: wide}\n")),
        ("zero budget", spec(extra="budget: {seconds: 0}\n")),
        ("zero attempts", spec(extra="budget: {attempts: 0}\n")),
        ("per_page 3", spec(section="sections: [{type: nonogram, size: 5, count: 1, per_page: 3}]\n")),
        ("previous answers without a date", spec(extra="answers: previous\n")),
        ("newsletter without a date", spec(extra="format: newsletter\n")),
        ("title as list", "title: [a, b]\nseed: s\n" + SECTION),
        ("title missing", "seed: s\n" + SECTION),
        ("exclude a missing manifest", spec(extra="exclude: [nowhere/manifest.json]\n")),
        ("exclude /dev/zero", spec(extra="exclude: [/dev/zero]\n")),
        ("exclude a folder without a manifest", spec(extra="exclude: [/]\n")),
        ("exclude the job's own output", spec(extra="exclude: [out/manifest.json]\n")),
        ("exclude the job's own output folder", spec(extra="exclude: [out]\n")),
        ("output is the root folder", spec(extra="output: /\n")),
    ]
]

OPTIONS = [
    Case("options", name, "argv", args, code)
    for name, args, code in [
        ("--jobs 0", ["generate", "{spec}", "-o", "{tmp}/out", "--jobs", "0"], 2),
        ("--jobs 257", ["generate", "{spec}", "-o", "{tmp}/out", "--jobs", "257"], 2),
        ("--jobs -1", ["generate", "{spec}", "-o", "{tmp}/out", "--jobs", "-1"], 2),
        ("--jobs abc", ["generate", "{spec}", "-o", "{tmp}/out", "--jobs", "abc"], 2),
        ("--date not a date", ["generate", "{spec}", "-o", "{tmp}/out", "--date", "tomorrow"], 2),
        ("--date month 13", ["generate", "{spec}", "-o", "{tmp}/out", "--date", "2026-13-01"], 2),
        ("--date year 1", ["generate", "{spec}", "-o", "{tmp}/out", "--date", "0001-01-01"], 2),
        ("--date empty", ["generate", "{spec}", "-o", "{tmp}/out", "--date", ""], 2),
        ("--date an ISO week", ["generate", "{spec}", "-o", "{tmp}/out", "--date", "2026-W48-1"], 2),
        ("--date compact", ["generate", "{spec}", "-o", "{tmp}/out", "--date", "20261130"], 2),
        ("new: code with a line break", ["new", "nonogram", "--size", "5", "--code", "a\nb", "-o", "{tmp}/out"], 2),
        ("new: code with a terminal escape", ["new", "nonogram", "--size", "5", "--code", "\x1b[2Jx", "-o", "{tmp}/out"], 2),
        ("bench --compare /dev/zero", ["bench", "--n", "1", "--compare", "/dev/zero"], 2),
        ("bench --compare 100,000-deep", ["bench", "--n", "1", "--compare", "{deep}"], 2),
        ("bench --compare a FIFO", ["bench", "--n", "1", "--compare", "{fifo}"], 2),
        ("bench --compare without results", ["bench", "--n", "1", "--compare", "{spec}"], 2),
        ("reprint /dev/zero", ["reprint", "/dev/zero", "-o", "{tmp}/out"], 2),
        ("unknown option", ["generate", "{spec}", "--colour"], 2),
        ("quiet and verbose", ["-q", "-v", "types"], 2),
        ("types with an argument", ["types", "extra"], 2),
        ("build without a spec", ["build"], 2),
        ("spec is missing", ["generate", "{tmp}/nothing.yaml", "-o", "{tmp}/out"], 2),
        ("spec is a folder", ["generate", "{tmp}", "-o", "{tmp}/out"], 2),
        ("spec is /dev/zero", ["build", "/dev/zero", "-o", "{tmp}/out"], 2),
        ("spec is /dev/null", ["build", "/dev/null", "-o", "{tmp}/out"], 2),
        ("spec is a FIFO", ["build", "{fifo}", "-o", "{tmp}/out"], 2),
        ("spec path with a NUL byte", ["build", "a\0b.yaml", "-o", "{tmp}/out"], 2),
        ("spec path 5,000 characters", ["build", "s" * 5000 + ".yaml", "-o", "{tmp}/out"], 2),
        ("spec path not UTF-8", ["build", "\udcff.yaml", "-o", "{tmp}/out"], 2),
        ("new: unknown type", ["new", "no-such-type", "--size", "9", "-o", "{tmp}/out"], 2),
        ("new: size not made", ["new", "nonogram", "--size", "31", "-o", "{tmp}/out"], 2),
        ("new: empty code", ["new", "nonogram", "--size", "5", "--code", " ", "-o", "{tmp}/out"], 2),
        ("new: 201-character code", ["new", "nonogram", "--size", "5", "--code", "c" * 201, "-o", "{tmp}/out"], 2),
        ("new: code not UTF-8", ["new", "nonogram", "--size", "5", "--code", "\udcff", "-o", "{tmp}/out"], 2),
        ("new: type not UTF-8", ["new", "\udcffnono", "--size", "5", "-o", "{tmp}/out"], 2),
        ("new: zero seconds", ["new", "nonogram", "--size", "5", "--seconds", "0", "-o", "{tmp}/out"], 2),
        ("new: NaN seconds", ["new", "nonogram", "--size", "5", "--seconds", "nan", "-o", "{tmp}/out"], 2),
        ("new: into the root folder", ["new", "nonogram", "--size", "5", "-o", "/"], 2),
        ("bench: --n 0", ["bench", "--n", "0"], 2),
        ("verify: missing folder", ["verify", "{tmp}/nothing"], 2),
        ("verify: a file", ["verify", "{spec}"], 2),
        ("verify: /dev/zero", ["verify", "/dev/zero"], 2),
        ("layout: missing folder", ["layout", "{tmp}/nothing"], 2),
        ("layout: a folder of someone else's", ["layout", "{tmp}"], 2),
        ("new: a code that works", ["new", "nonogram", "--size", "5", "--code", "[/bold]../x", "-o", "{tmp}/out"], 0),
        ("--jobs past 4 a core", ["generate", "{spec}", "-o", "{tmp}/out", "--jobs", "200"], 2),
        *[(f"--scheduler {address!r}", ["generate", "{spec}", "-o", "{tmp}/out", "--scheduler", address], 2) for address in (
            "local:\u00b2", "local:256", "local:0", "local:-1", "local:", "local:1x", "ws://127.0.0.1:8786", "wss://127.0.0.1:8786",
            "tls://127.0.0.1:8786", "ucx://127.0.0.1:8786", "inproc://x", "garbage", "tcp://", "tcp://:8786", "tcp://host:99999",
            "http://127.0.0.1:8786", "inproc://nowhere/1/1", "tcp://a b:1", "tcp://127.0.0.1:8786/path", "tcp://\x1b[31m:1",
        )],
    ]
]

OUTDIR = [
    Case("outdir", name, "outdir", name, code)
    for name, code in [
        ("empty path", 2),
        ("blank path", 2),
        ("root", 2),
        ("root by dots", 2),
        ("home", 2),
        ("home by a link", 2),
        ("a folder with someone's files", 2),
        ("a downloads folder with .part files", 2),
        ("the folder holding the spec", 2),
        ("current folder", 2),
        ("an existing file", 2),
        ("under a file", 2),
        ("dangling link", 2),
        ("link loop", 2),
        ("link loop in a parent", 2),
        ("NUL byte", 2),
        ("5,000 characters", 2),
        ("a 300-character name", 2),
        ("not UTF-8", 2),
        ("marker is a link", 2),
        ("marker is a folder", 2),
        ("an empty folder", 0),
        ("a new folder", 0),
        ("a folder made by puzzlepress", 0),
        ("a link to an empty folder", 0),
    ]
]

SET, DEL, RAW, REPLACE = "set", "del", "raw", "replace"

RECORD = [
    Case("record", name, "record", change, code, command)
    for name, change, code, command in [
        ("a clue changed", (SET, ["row_clues", 0], [1, 1, 1]), 1, "verify"),
        ("the answer changed", (SET, ["solution", 0], "....."), 1, "verify"),
        ("a 1×1 grid in the 5×5 slot", (SET, ["rows"], 1), 2, "verify"),
        ("a whole, provable 1×1 puzzle in the 5×5 slot", (REPLACE, "one-by-one"), 2, "verify"),
        ("a whole, provable 1×1 puzzle in the 5×5 slot, layout", (REPLACE, "one-by-one"), 2, "layout"),
        ("a 10×10 grid in the 5×5 slot", (SET, ["rows"], 10), 2, "verify"),
        ("rows and cols differ", (SET, ["cols"], 6), 2, "verify"),
        ("id with dots", (SET, ["id"], "../../../elsewhere/X"), 2, "verify"),
        ("type changed", (SET, ["type"], "nuritwin"), 2, "verify"),
        ("unknown type", (SET, ["type"], "no-such-type"), 2, "verify"),
        ("code changed", (SET, ["code"], "other"), 2, "verify"),
        ("generator missing", (DEL, ["generator"]), 2, "verify"),
        ("rows as text", (SET, ["rows"], "5"), 2, "verify"),
        ("rows boolean", (SET, ["rows"], True), 2, "verify"),
        ("row_clues missing", (DEL, ["row_clues"]), 2, "verify"),
        ("row_clues too short", (SET, ["row_clues"], [[1]]), 2, "verify"),
        ("a clue negative", (SET, ["row_clues", 0], [-1]), 2, "verify"),
        ("solution row too long", (SET, ["solution", 0], "......"), 2, "verify"),
        ("solution with other marks", (SET, ["solution", 0], "xxxxx"), 2, "verify"),
        ("5,000-digit integer", (RAW, b'{"rows": ' + b"9" * 5000 + b"}"), 2, "verify"),
        ("100,000-deep nesting", (RAW, b"[" * 100_000 + b"]" * 100_000), 2, "verify"),
        ("70-deep nesting", (RAW, b"[" * 70 + b"]" * 70), 2, "verify"),
        ("NaN", (RAW, b'{"rows": NaN}'), 2, "verify"),
        ("lone surrogate escape", (SET, ["code"], "\ud800"), 2, "verify"),
        ("not JSON", (RAW, b"not json"), 2, "verify"),
        ("empty", (RAW, b""), 2, "verify"),
        ("not UTF-8", (RAW, b'{"id": "\xff"}'), 2, "verify"),
        ("a JSON list", (RAW, b"[]"), 2, "verify"),
        ("5 MB", (RAW, b" " * 5_000_000 + b"{}"), 2, "verify"),
        ("deleted", (REPLACE, "missing"), 2, "verify"),
        ("a folder", (REPLACE, "folder"), 2, "verify"),
        ("a FIFO", (REPLACE, "fifo"), 2, "verify"),
        ("a link to /dev/zero", (REPLACE, "devzero"), 2, "verify"),
        ("a link to /etc/passwd", (REPLACE, "passwd"), 2, "verify"),
        ("stats missing, reused by generate", (DEL, ["stats"]), 0, "generate"),
        ("stats a list, reused by generate", (SET, ["stats"], []), 0, "generate"),
        ("an extra field", (SET, ["note"], "hello"), 0, "verify"),
        ("a clue changed, layout without verify", (SET, ["row_clues", 0], [1, 1, 1]), 1, "layout"),
        ("the answer changed, layout without verify", (SET, ["solution", 0], "....."), 1, "layout"),
        ("a 1×1 grid, layout", (SET, ["rows"], 1), 2, "layout"),
        ("code changed, layout", (SET, ["code"], "other"), 2, "layout"),
        ("a FIFO, layout", (REPLACE, "fifo"), 2, "layout"),
        ("5,000-digit integer, layout", (RAW, b'{"rows": ' + b"9" * 5000 + b"}"), 2, "layout"),
    ]
]

MANIFEST = [
    Case("manifest", name, "manifest", change, code, command)
    for name, change, code, command in [
        ("verdict without a record hash", (SET, ["puzzles", 0, "verdict"], {"status": "proved"}), 1, "layout"),
        ("verdict for other bytes", (SET, ["puzzles", 0, "verdict", "record_sha256"], "0" * 64), 1, "layout"),
        ("verdict from another verifier", (SET, ["puzzles", 0, "verdict", "verifier"], "0.0.1+x"), 1, "layout"),
        ("verdict failed", (SET, ["puzzles", 0, "verdict", "status"], "failed"), 1, "layout"),
        ("verdict null", (SET, ["puzzles", 0, "verdict"], None), 1, "layout"),
        ("verdict a string", (SET, ["puzzles", 0, "verdict"], "proved"), 2, "layout"),
        ("id with dots", (SET, ["puzzles", 0, "id"], "../../../elsewhere/X"), 2, "layout"),
        ("id with dots, verify", (SET, ["puzzles", 0, "id"], "../../../elsewhere/X"), 2, "verify"),
        ("id absolute", (SET, ["puzzles", 0, "id"], "/tmp/X"), 2, "layout"),
        ("id of another code", (SET, ["puzzles", 0, "id"], "nonogram-5-other"), 2, "layout"),
        ("duplicate entry", (SET, ["puzzles", 1], "@0"), 2, "layout"),
        ("number negative", (SET, ["puzzles", 0, "number"], -1), 2, "layout"),
        ("number zero", (SET, ["puzzles", 0, "number"], 0), 2, "layout"),
        ("numbers repeated", (SET, ["puzzles", 1, "number"], 1), 2, "layout"),
        ("number 5,000 digits", (SET, ["puzzles", 0, "number"], "@bigint"), 2, "layout"),
        ("section out of range", (SET, ["puzzles", 0, "section"], 5), 2, "layout"),
        ("section negative", (SET, ["puzzles", 0, "section"], -1), 2, "layout"),
        ("role unknown", (SET, ["puzzles", 0, "role"], "bonus"), 2, "layout"),
        ("type unknown", (SET, ["puzzles", 0, "type"], "no-such-type"), 2, "layout"),
        ("size changed", (SET, ["puzzles", 0, "rows"], 10), 2, "layout"),
        ("parameters changed", (SET, ["puzzles", 0, "params"], {"difficulty": "hard"}), 2, "layout"),
        ("code changed", (SET, ["puzzles", 0, "code"], "other"), 2, "layout"),
        ("more entries than the section holds", (SET, ["job", "sections", 0, "count"], 1), 2, "layout"),
        ("stats nested 100,000 deep", (SET, ["puzzles", 0, "stats"], "@deep"), 2, "layout"),
        ("stats nested 70 deep", (SET, ["puzzles", 0, "stats"], "@deep70"), 2, "verify"),
        ("puzzles not a list", (SET, ["puzzles"], {"a": 1}), 2, "layout"),
        ("puzzles missing", (DEL, ["puzzles"]), 2, "layout"),
        ("job missing", (DEL, ["job"]), 2, "layout"),
        ("job title a lone surrogate", (SET, ["job", "title"], "\ud800"), 2, "layout"),
        ("job title markup", (SET, ["job", "title"], "[/bold]"), 0, "layout"),
        ("job with an unknown key", (SET, ["job", "colour"], "red"), 2, "layout"),
        ("skipped in an unknown section", (SET, ["skipped"], [{"section": 9, "code": "x", "reason": "y"}]), 2, "layout"),
        ("no puzzles", (SET, ["puzzles"], []), 1, "layout"),
        ("not JSON", (RAW, b"{"), 2, "layout"),
        ("not UTF-8", (RAW, b'{"job": "\xff"}'), 2, "verify"),
        ("a JSON list", (RAW, b"[]"), 2, "verify"),
        ("a FIFO", (REPLACE, "fifo"), 2, "layout"),
        ("a FIFO, verify", (REPLACE, "fifo"), 2, "verify"),
        ("a link to /dev/zero", (REPLACE, "devzero"), 2, "layout"),
        ("a folder", (REPLACE, "folder"), 2, "layout"),
        ("70 MB", (RAW, b" " * 70_000_000 + b"{}"), 2, "layout"),
        ("marker removed", (REPLACE, "unmark"), 2, "layout"),
        ("marker removed, verify", (REPLACE, "unmark"), 2, "verify"),
        ("verdict a list", (SET, ["puzzles", 0, "verdict"], ["proved"]), 2, "layout"),
        ("verdict status a number", (SET, ["puzzles", 0, "verdict", "status"], 1), 2, "layout"),
        ("a grade score as text", (SET, ["puzzles", 0, "grade"], {"score": "high", "techniques": {}, "tier": "easy"}), 2, "verify"),
        ("a verdict's grade score as text", (SET, ["puzzles", 0, "verdict", "grade", "fields", "score"], "high"), 2, "layout"),
        ("made_with.libraries a string", (SET, ["made_with", "libraries"], "all of them"), 2, "layout"),
        ("made_with.libraries a string, then build", (SET, ["made_with", "libraries"], "all of them"), 0, "build"),
        ("made_with.libraries a string, then build --fresh", (SET, ["made_with", "libraries"], "all of them"), 0, "build --fresh"),
        ("made_with a list, then build", (SET, ["made_with"], []), 0, "build"),
        ("stats a string", (SET, ["puzzles", 0, "stats"], "fast"), 2, "layout"),
        ("picture title a number", (SET, ["puzzles", 0, "stats", "picture"], {"name": "x", "title": 5}), 2, "layout"),
        ("the licence credit dropped from the manifest", (SET, ["puzzles", 0, "stats", "picture"], None), 0, "layout"),
        ("a terminal escape in a section title", (SET, ["job", "sections", 0, "title"], "\x1b[2J\x1b]0;owned\x07"), 0, "layout"),
        ("timings text", (SET, ["puzzles", 0, "timings"], {"generate_s": "slow"}), 2, "layout"),
    ]
]

STAMP = [
    Case("stamp", name, "stamp", change, 0, "build")
    for name, change in [
        ("booklet deleted", (REPLACE, "booklet.pdf:missing")),
        ("booklet replaced by junk", (REPLACE, "booklet.pdf:junk")),
        ("a puzzle SVG deleted", (REPLACE, "svg:missing")),
        ("a puzzle SVG edited", (REPLACE, "svg:junk")),
        ("stamp lists a file outside", (SET, ["files"], {"../../etc/passwd": "x"})),
        ("stamp with a 5,000-digit page count", (RAW, b'{"pages": ' + b"9" * 5000 + b"}")),
        ("stamp not JSON", (RAW, b"{")),
        ("stamp a FIFO", (REPLACE, "fifo")),
    ]
]

EDITION = [
    Case("edition", name, "edition", change, 2)
    for name, change in [
        ("verdict a string", [(SET, ["puzzles", 0, "entry", "verdict"], "proved"), "seal"]),
        ("verdict a list", [(SET, ["puzzles", 0, "entry", "verdict"], ["proved"]), "seal"]),
        ("verdict not proved", [(SET, ["puzzles", 0, "entry", "verdict", "status"], "failed"), "seal"]),
        ("made_with.libraries a string", [(SET, ["made_with", "libraries"], "all"), "seal"]),
        ("the job edited", [(SET, ["job", "title"], "Another book")]),
        ("the job edited and sealed with a wrong digest", [(SET, ["job", "title"], "Another book"), (SET, ["digest"], "0" * 64)]),
        ("the digest edited", [(SET, ["digest"], "0" * 64)]),
        ("the digest removed", [(DEL, ["digest"])]),
        ("a PDF digest edited", [(SET, ["outputs", "booklet.pdf"], "0" * 64)]),
        ("cover.pdf's digest edited", [(SET, ["outputs", "cover.pdf"], "0" * 64)]),
        ("no puzzles", [(SET, ["puzzles"], []), "seal"]),
        ("format 3", [(SET, ["format"], 3), "seal"]),
        ("format a string", [(SET, ["format"], "2"), "seal"]),
        ("a record of another grid, its hash made again", [(REPLACE, "record:cols=6"), "seal"]),
        ("a record of another code, its hash made again", [(REPLACE, "record:code=other"), "seal"]),
        ("a record that is not JSON, its hash made again", [(REPLACE, "record:junk"), "seal"]),
        ("an entry of other parameters than its section", [(SET, ["puzzles", 0, "entry", "params"], {"difficulty": "hard"}), "seal"]),
        ("an unknown key", [(SET, ["colour"], "red"), "seal"]),
        ("100,000-deep nesting", [(RAW, b"[" * 100_000 + b"]" * 100_000)]),
        ("a FIFO", [(REPLACE, "fifo")]),
        ("reprinted into its own folder", [(REPLACE, "own-folder")]),
        ("reprinted into the folder above its own", [(REPLACE, "folder-above")]),
    ]
]

# (file name, what the maker draws, a fragment of the one-line message)
PICTURE = [
    Case("picture", name, "picture", (file, maker, fragment), 2)
    for name, file, maker, fragment in [
        ("a 13000×13000 PNG (169 megapixels in a few KB)", "bomb.png", "png-header:13000x13000", "169,000,000 pixels; at most 50,000,000 are read"),
        ("a PNG just past the 50-megapixel bound", "big.png", "png-header:7100x7100", "50,410,000 pixels; at most 50,000,000 are read"),
        ("PostScript named .png (would start Ghostscript)", "ps.png", "postscript", "its content is not a PNG, JPEG or SVG"),
        ("PDF named .svg", "doc.svg", "format:PDF", "its content is not a PNG, JPEG or SVG"),
        ("a JPEG named .png", "photo.png", "format:JPEG", "named .png but its content is a JPEG image"),
        ("a PNG named .jpg", "icon.jpg", "format:PNG", "named .jpg but its content is a PNG image"),
        ("an SVG named .png", "drawing.png", "svg:plain", "named .png but its content is a SVG image"),
        *[(f"{kind} named .png", f"{kind.lower()}.png", f"format:{kind}", "its content is not a PNG, JPEG or SVG")
          for kind in ("GIF", "BMP", "TIFF", "WEBP", "ICO", "PPM", "PCX", "TGA", "SGI", "IM", "EPS", "QOI")],
        ("a truncated PNG", "cut.png", "truncated", "not a readable PNG image"),
        ("a PNG signature then garbage", "junk.png", "png-junk", "not a readable PNG image"),
        ("nested <use> drawing 10^8 rectangles (2 KB)", "use.svg", "svg:use-bomb", "elements once its <use> references are expanded"),
        ("<use> references in a loop", "loop.svg", "svg:use-loop", "form a loop"),
        ("an SVG embedding a 13000×13000 PNG as data:", "embed.svg", "svg:embedded-bomb", "it embeds an image of 169,000,000 pixels"),
        ("an SVG embedding PostScript as data:", "embed-ps.svg", "svg:embedded-ps", "it embeds an image that is not PNG, JPEG or SVG"),
        ("an SVG one unit wide and 100,000 tall", "tall.svg", "svg:tall", "too narrow for a grid"),
        ("an SVG declaring an entity (billion laughs)", "laughs.svg", "svg:entity", "not a drawable SVG image"),
        ("a one-pixel dot", "dot.png", "dot", "a dot or a line"),
        ("a one-pixel line", "line.png", "line", "a dot or a line"),
        ("a solid black block", "block.png", "block", "plain filled rectangle"),
        ("a folder with a file name that is not UTF-8", "odd/", "folder:bad-name", "name is not UTF-8 text"),
        ("a folder of 10,001 entries", "many/", "folder:10001", "more than 10,000 entries"),
        ("a file name the font cannot print (its title)", "猫.svg", "svg:plain", "has no glyph for, which would print as empty boxes: '猫'"),
        ("a folder with a file name of Thai", "thai/", "folder:thai-name", "'ภ' (U+0E20 THAI CHARACTER PHO SAMPHAO)"),
    ]
]

CASES: list[Case] = YAML_BOUNDS + TEXT + SCHEMA + OPTIONS + OUTDIR + RECORD + MANIFEST + STAMP + EDITION + PICTURE
