"""The web edition in a real browser: Debian's Chromium, driven by Selenium, opens the exported
pages from disk and plays a puzzle of every type to the end through clicks, drags and keys; a
wrong mark is flagged by "Show mistakes"; hints applied from an empty board (and from a board with
a mistake) reach the answer, each a fact the stored answer holds; nothing is requested from
anywhere but the folder. The files themselves (size, bytes, where the answer is) are checked
without a browser."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from browser import chromium, errors, requests, visit
from conftest import cli, tree, write_spec
from pipeline.interface.play import MAIN
from pipeline.records import read_json
from pipeline.registry import puzzle_types

PLAYED = sorted(name for name, t in puzzle_types().items() if t.play is not None)


def smallest(name: str) -> str:
    return min(puzzle_types()[name].presets.values(), key=lambda p: (p.rows * p.cols, p.rows)).size


# An easy puzzle of every played type at its smallest, and a 15x15 nonogram: a board too wide
# for a phone's screen, which scrolls in its box. A dated book, not a sheet: a sheet's front holds
# only so many puzzles, and every type registered gets one here.
SPEC = """\
title: The Web Test
date: 2026-11-30
page: Letter
sections:
""" + "".join(f"  - {{type: {name}, size: {smallest(name)}, count: 1, difficulty: easy}}\n" for name in PLAYED) + """\
  - {type: nonogram, size: 15, count: 1}
"""


@pytest.fixture(scope="module")
def edition(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("web")
    out = folder / "out"
    assert cli("generate", write_spec(folder, SPEC), "-o", out, "-j", "1").code == 0
    assert cli("verify", out, "-j", "1").code == 0
    assert cli("export", out, "--format", "web", "-o", folder / "web").code == 0
    return folder / "web"


def puzzles(edition: Path) -> dict[str, dict]:
    """The smallest exported record of each type (its easy section's), by type."""
    found: dict[str, dict] = {}
    for path in sorted((edition.parent / "out" / "puzzles").glob("*.json")):
        record = read_json(path)
        if record["type"] not in found or record["rows"] * record["cols"] < found[record["type"]]["rows"] * found[record["type"]]["cols"]:
            found[record["type"]] = record
    return found


def answer_board(record: dict) -> dict:
    ptype = puzzle_types()[record["type"]]
    return ptype.play.board(ptype.from_record(record))


@pytest.fixture(scope="module")
def browser():
    driver = chromium(1280, 900)
    yield driver
    driver.quit()


def open_page(browser, edition: Path, record: dict):
    visit(browser, (edition / f"{record['id']}.html").resolve().as_uri())
    browser.execute_script("localStorage.clear()")
    visit(browser)
    requests(browser)  # start the log afresh
    return browser.find_element("id", "board")


def board_now(browser) -> dict:
    return browser.execute_script("return Puzzlepress.page.board()")


def codes_now(browser) -> list[str]:
    return [f["code"] for f in browser.execute_script("return Puzzlepress.page.judge()")]


def keys(browser, *sequence) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    chain = ActionChains(browser)
    for key in sequence:
        if isinstance(key, tuple):  # (modifier, key)
            chain.key_down(key[0]).send_keys(key[1]).key_up(key[0])
        else:
            chain.send_keys(key)
    chain.perform()


def walk(cols: int, start: int, target: int) -> list[str]:
    from selenium.webdriver.common.keys import Keys

    (r0, c0), (r1, c1) = divmod(start, cols), divmod(target, cols)
    return [Keys.DOWN if r1 > r0 else Keys.UP] * abs(r1 - r0) + [Keys.RIGHT if c1 > c0 else Keys.LEFT] * abs(c1 - c0)


# The board, the status line and whether "solved" shows, in one round trip: a hint played in
# three (the key, the state, Selenium's is_displayed) cost some 60 ms in a 12 s test.
STATE = "return [Puzzlepress.page.board(), document.getElementById('status').textContent, !document.getElementById('solved').hidden]"


def hint(browser, svg, first: bool) -> None:
    """Press H on the board. The first press goes to the element, which focuses it; later ones go
    to the focused board as a key action, 20 ms a press against 70 ms for the element's (10
    presses each, 2026-12-03)."""
    if first:
        svg.send_keys("h")
    else:
        keys(browser, "h")


def solved_shown(browser) -> bool:
    return browser.find_element("id", "solved").is_displayed()


# ---- playing to the end ------------------------------------------------------------------------


def assert_the_page_finds_what_verify_finds(browser, ptype, puzzle) -> None:
    """Halfway through a play: the page names the rules still broken, the codes verify finds."""
    board = board_now(browser)
    assert codes_now(browser) == [f.code for f in ptype.failures(puzzle, ptype.play.answer(puzzle, board))] != []


def play_cells(browser, record: dict) -> None:
    """Mark every main mark of the answer: the first run of two or more in a row by a mouse drag,
    then cells by clicks and by keys in turn; "solved" shows only with the last."""
    from selenium.webdriver.common.action_chains import ActionChains

    cols = record["cols"]
    wanted = [i for i, mark in enumerate(answer_board(record)["cells"]) if mark == MAIN]
    run = next(([i, i + 1] for i in wanted if i + 1 in wanted and (i + 1) % cols), None)
    done = set()
    if run:
        a, b = (browser.find_element("id", f"cell-{i}") for i in run)
        ActionChains(browser).click_and_hold(a).move_to_element(b).release().perform()
        done |= set(run)
    cursor = run[-1] if run else 0
    todo = [i for i in wanted if i not in done]
    ptype = puzzle_types()[record["type"]]
    puzzle = ptype.from_record(record)
    for n, i in enumerate(todo):
        assert not solved_shown(browser)
        if n % 2:
            browser.find_element("id", f"cell-{i}").click()
        else:
            keys(browser, *walk(cols, cursor, i), "f")
        cursor = i
        if n == len(todo) // 2:
            assert_the_page_finds_what_verify_finds(browser, ptype, puzzle)
    assert solved_shown(browser) and "Solved in" in browser.find_element("id", "solved").text


def play_digits(browser, record: dict) -> None:
    """Write every digit the givens leave open: by keys and from the on-screen pad in turn;
    "solved" shows only with the last."""
    cols = record["cols"]
    ptype = puzzle_types()[record["type"]]
    puzzle = ptype.from_record(record)
    start = ptype.play.start(puzzle)["cells"]
    todo = [(i, digit) for i, digit in enumerate(answer_board(record)["cells"]) if not start[i]]
    cursor = 0
    for n, (i, digit) in enumerate(todo):
        assert not solved_shown(browser)
        if n % 2:
            browser.find_element("id", f"cell-{i}").click()
            browser.find_element("css selector", f"[data-digit='{digit}']").click()
        else:  # the pad took the focus: keys go to the board again
            browser.find_element("id", "board").send_keys(*walk(cols, cursor, i), str(digit))
        cursor = i
        if n == len(todo) // 2:
            assert_the_page_finds_what_verify_finds(browser, ptype, puzzle)
    assert solved_shown(browser) and "Solved in" in browser.find_element("id", "solved").text


def mark_wrongly(browser, record: dict) -> int:
    """One mark the answer does not hold, on a cell a player may change: a tap on a cell the
    answer leaves unmarked, or for digits a wrong digit typed into the first open cell."""
    play = puzzle_types()[record["type"]].play
    answer = answer_board(record)
    if not play.digits:
        wrong = answer["cells"].index(0)
        browser.find_element("id", f"cell-{wrong}").click()
        return wrong
    puzzle = puzzle_types()[record["type"]].from_record(record)
    start = play.start(puzzle)["cells"] if play.start else [0] * len(answer["cells"])
    wrong = start.index(0)
    browser.find_element("id", f"cell-{wrong}").click()
    keys(browser, str(answer["cells"][wrong] % play.digits_for(puzzle) + 1))
    return wrong


def play_loop(browser, record: dict) -> None:
    """Draw the loop through cell centres: its first line by a mouse drag between two cell
    centres, the rest by shift and an arrow, following the loop."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    cols = record["cols"]
    loop = [r * cols + c for r, c in record["solution"]["loop"]]
    a, b = (browser.find_element("id", f"cell-{i}") for i in loop[:2])
    ActionChains(browser).click_and_hold(a).move_to_element(b).release().perform()
    assert board_now(browser)["lines"].count(MAIN) == 1
    arrows = {1: Keys.RIGHT, -1: Keys.LEFT, cols: Keys.DOWN, -cols: Keys.UP}
    for here, there in zip(loop[1:], loop[2:] + loop[:1]):
        assert not solved_shown(browser)
        keys(browser, (Keys.SHIFT, arrows[there - here]))
    assert solved_shown(browser)


def edge_sides(rows: int, cols: int) -> list[tuple[int, str]]:
    """For every edge, in the board's order (pipeline/interface/play.py), a cell it borders and
    the arrow that names it from there: horizontal edges first, then vertical ones."""
    from selenium.webdriver.common.keys import Keys

    sides = []
    for y in range(rows + 1):
        for x in range(cols):
            sides.append((y * cols + x, Keys.UP) if y < rows else ((y - 1) * cols + x, Keys.DOWN))
    for r in range(rows):
        for c in range(cols + 1):
            sides.append((r * cols + c, Keys.LEFT) if c < cols else (r * cols + c - 1, Keys.RIGHT))
    return sides


def play_edge_loop(browser, record: dict) -> None:
    """Draw the loop along cell edges: its first edge by a mouse drag between two grid points
    (the top corners of the edge's cell), the rest by walking to a cell the edge borders and
    pressing shift and the arrow towards it."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    rows, cols = record["rows"], record["cols"]
    sides = edge_sides(rows, cols)
    drawn = [e for e, mark in enumerate(answer_board(record)["lines"]) if mark == MAIN]
    first = next(e for e in drawn if sides[e][1] == Keys.UP)
    cell = browser.find_element("id", f"cell-{sides[first][0]}")
    half_w, half_h = cell.size["width"] / 2, cell.size["height"] / 2
    (ActionChains(browser).move_to_element_with_offset(cell, -half_w + 1, -half_h + 1).click_and_hold()
     .move_to_element_with_offset(cell, half_w - 1, -half_h + 1).release().perform())
    assert board_now(browser)["lines"].count(MAIN) == 1
    cursor = sides[first][0]  # the press put the cursor on the cell it was in
    for e in drawn:
        if e == first:
            continue
        assert not solved_shown(browser)
        at, arrow = sides[e]
        keys(browser, *walk(cols, cursor, at), (Keys.SHIFT, arrow))
        cursor = at
    assert solved_shown(browser)


PLAYERS = {"centres": play_loop, "edges": play_edge_loop}


@pytest.mark.parametrize("name", PLAYED)
def test_every_type_plays_to_the_end_from_disk_without_the_network(browser, edition: Path, name: str) -> None:
    record = puzzles(edition)[name]
    open_page(browser, edition, record)
    assert not solved_shown(browser)
    if puzzle_types()[name].play.lines:
        PLAYERS[puzzle_types()[name].play.lines](browser, record)
    elif puzzle_types()[name].play.digits:
        play_digits(browser, record)
    else:
        play_cells(browser, record)
    assert codes_now(browser) == []
    sent = requests(browser)
    assert all(url.startswith("file://") for url in sent), sent
    assert not any("/answers/" in url for url in sent), "the answer loads only when asked"
    assert not errors(browser)


@pytest.mark.parametrize("name", PLAYED)
def test_show_mistakes_flags_a_wrong_mark(browser, edition: Path, name: str) -> None:
    record = puzzles(edition)[name]
    open_page(browser, edition, record)
    wrong = mark_wrongly(browser, record)
    if puzzle_types()[name].play.lines:
        assert board_now(browser)["cells"][wrong] == MAIN  # a tap inside a cell marks it black
    browser.find_element("id", "mistakes").click()
    time.sleep(0.2)
    assert "1 mark contradicts the answer" in browser.find_element("id", "status").text
    flagged = browser.find_elements("css selector", ".mistake")
    assert len(flagged) == 1
    rect = browser.find_element("id", f"cell-{wrong}")
    assert flagged[0].get_attribute("x") == str(int(float(rect.get_attribute("x"))) + 2)
    assert any("/answers/" in url for url in requests(browser))


@pytest.mark.parametrize("name", PLAYED)
@pytest.mark.parametrize("with_mistake", [False, True])
def test_hints_are_true_deductions_that_reach_the_answer(browser, edition: Path, name: str, with_mistake: bool) -> None:
    """Pressing H again and again from an empty board (or one with a wrong mark) solves these easy
    puzzles; every hint sets a fact the stored answer holds and names where it comes from."""
    record = puzzles(edition)[name]
    svg = open_page(browser, edition, record)
    answer = answer_board(record)
    if with_mistake:
        mark_wrongly(browser, record)
    moves = len(answer["cells"]) + len(answer["lines"]) + 2
    after, status, shown = browser.execute_script(STATE)
    for press in range(moves):
        if shown:
            break
        before = after
        hint(browser, svg, first=press == 0)
        after, status, shown = browser.execute_script(STATE)
        if after == before:  # the first hint waits for the answer file
            time.sleep(0.2)
            after, status, shown = browser.execute_script(STATE)
        changed = [(part, at) for part in ("cells", "lines") for at, mark in enumerate(after[part]) if mark != before[part][at]]
        assert len(changed) == 1, changed
        part, at = changed[0]
        mark = after[part][at]
        digits = puzzle_types()[name].play.digits and part == "cells"
        assert mark == answer[part][at] if digits else (mark == MAIN) == (answer[part][at] == MAIN), f"hint set {part}[{at}] to {mark} against the answer"
        assert shown or (status.startswith("Hint:") and re.search(r"r\d+c\d+", status)), status
    assert solved_shown(browser) and "not a best time" in browser.find_element("id", "solved").text
    assert codes_now(browser) == []


def test_the_timer_keeps_a_best_time_and_the_index_shows_it(browser, edition: Path) -> None:
    record = puzzles(edition)["nonogram"]
    open_page(browser, edition, record)
    play_cells(browser, record)
    stored = browser.execute_script("return JSON.parse(localStorage.getItem('puzzlepress'))")
    assert record["id"] in stored["best"]
    visit(browser, (edition / "index.html").resolve().as_uri(), ready="return document.readyState === 'complete'")
    assert "Best 0:" in browser.find_element("css selector", f"[data-id='{record['id']}'] .best").text
    assert browser.find_element("css selector", "nav.issues a").get_dom_attribute("href") == "../2026-11-23/index.html"


def test_a_narrow_phone_keeps_cells_at_28_px_and_scrolls_a_wide_board(edition: Path) -> None:
    driver = chromium(320, 800)
    try:
        found = puzzles(edition)
        for record in [found[name] for name in PLAYED] + [r for r in map(read_json, sorted((edition.parent / "out" / "puzzles").glob("nonogram-15-*.json")))]:
            visit(driver, (edition / f"{record['id']}.html").resolve().as_uri())
            cell = driver.find_element("id", "cell-0")
            assert float(cell.get_attribute("width")) >= 28
            wide = driver.execute_script("const b = document.getElementById('box'); return b.scrollWidth > b.clientWidth")
            note = driver.find_element("id", "scroll-note").is_displayed()
            assert wide == note, record["id"]
            assert driver.execute_script("return document.documentElement.scrollWidth") <= 320
        assert note, "a 15x15 nonogram does not fit 320 px at 28 px a cell: it scrolls in its box"
    finally:
        driver.quit()


# ---- the files ---------------------------------------------------------------------------------


def test_a_puzzle_page_with_its_scripts_and_style_is_under_100_kb(edition: Path) -> None:
    for page in edition.glob("*-*.html"):
        text = page.read_text()
        assets = re.findall(r'(?:src|href)="(play/[^"]+)"', text)
        assert "play/player.css" in assets and "play/player.js" in assets
        total = page.stat().st_size + sum((edition / a).stat().st_size for a in assets)
        assert total < 100_000, (page.name, total)


def test_the_page_holds_no_answer_and_nothing_points_elsewhere(edition: Path) -> None:
    for page in edition.glob("*.html"):
        text = page.read_text()
        data = re.search(r'<script type="application/json" id="puzzle-data">(.*?)</script>', text, re.S)
        if data:
            assert not {"board", "hints", "solution"} & set(json.loads(data.group(1)))
        for url in re.findall(r'(?:src|href)="([^"]+)"', text):
            assert not re.match(r"[a-z]+:", url) and not url.startswith("//"), (page.name, url)
    for script in (edition / "play").iterdir():
        assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", script.read_text()), script.name


def test_the_same_records_make_the_same_bytes(edition: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    assert cli("export", edition.parent / "out", "--format", "web", "-o", again).code == 0
    assert tree(again) == tree(edition)


# Whether the puzzle is solved, and whether the first hint still waits for the answer file: one
# round trip a hint.
WEEKLY_STATE = """const board = Puzzlepress.page.board();
return [Puzzlepress.page.solved(), !document.querySelector('script[src^="answers/"]') || board.cells.every((m) => !m) && board.lines.every((m) => !m)]"""


@pytest.mark.slow
def test_the_weekly_issue_plays_every_puzzle_from_disk(browser, tmp_path: Path) -> None:
    """configs/weekly.yaml's web edition: each of its puzzles (hard nonograms, expert kuralins)
    is solved in the page by its hints alone, and nothing is asked of any other host."""
    from conftest import ROOT

    out = tmp_path / "weekly"
    assert cli("generate", ROOT / "configs" / "weekly.yaml", "-o", out, "-j", "1").code == 0
    assert cli("verify", out, "-j", "1").code == 0
    assert cli("export", out, "--format", "web").code == 0
    web = out / "export" / "web"
    pages = sorted(web.glob("*-*.html"))
    assert len(pages) == 4
    for page in pages:
        visit(browser, page.resolve().as_uri())
        browser.execute_script("localStorage.clear()")
        visit(browser)
        svg = browser.find_element("id", "board")
        cells = browser.execute_script("return Puzzlepress.page.board()")
        solved = False
        for press in range(len(cells["cells"]) + len(cells["lines"]) + 2):
            if solved:
                break
            hint(browser, svg, first=press == 0)
            solved, waiting = browser.execute_script(WEEKLY_STATE)
            if waiting:
                time.sleep(0.2)
        assert browser.execute_script("return Puzzlepress.page.solved()"), page.name
        assert all(url.startswith("file://") for url in requests(browser))
    assert not errors(browser)
