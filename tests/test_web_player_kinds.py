"""The shared player plays the board kinds no type of today uses, as the types on their way will:
lines along cell edges between grid points (Slitherlink) and digits in cells with givens fixed
(Sudoku). Two stand-in types, written here as a type's play.js would be, are played in Chromium
by keys and clicks to "solved"."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from browser import chromium, errors, requests, visit
from pipeline.render.assets import layouts_dir

EDGES_JS = """
(function (root) {
  const P = root.Puzzlepress, R = P.rules;
  P.types.edges = { checks: [R.branch("branch", "edges"), R.oneLoop("one-loop", "edges")],
    margins: () => ({ left: 0.2, top: 0.2, right: 0.2, bottom: 0.2 }), drawClues() {} };
})(globalThis);
"""
DIGITS_JS = """
(function (root) {
  const P = root.Puzzlepress;
  P.types.digits = { checks: [{ code: "row-digits", find(data, board) {
      for (let r = 0; r < data.rows; r++) {
        const row = board.cells.slice(r * data.cols, (r + 1) * data.cols);
        if (row.includes(0) || new Set(row).size < data.cols) return "row " + (r + 1) + " does not hold every digit once";
      }
      return null; } }],
    margins: () => ({ left: 0.2, top: 0.2, right: 0.2, bottom: 0.2 }),
    drawClues(view) { view.data.fixed.forEach((i) => view.text(view.x0 + (i % view.data.cols + 0.5) * view.s,
      view.y0 + (Math.floor(i / view.data.cols) + 0.5) * view.s, String(view.data.start.cells[i]), "given")); } };
})(globalThis);
"""


def page(folder: Path, name: str, script: str, data: dict) -> Path:
    play = folder / "play"
    play.mkdir(parents=True, exist_ok=True)
    for asset in ("rules.js", "player.js", "player.css"):
        shutil.copy(layouts_dir() / "web" / asset, play / asset)
    (play / f"{name}.js").write_text(script)
    env = Environment(loader=FileSystemLoader(layouts_dir()), autoescape=select_autoescape(["j2"]))
    fields = {
        "id": name, "type": name, "number": 1, "page": f"{name}.html", "title": name, "type_title": name.title(),
        "label": f"{data['cols']}×{data['rows']}", "grade": "", "code": "test", "playable": True,
        "words": data["play"]["words"], "lines": data["play"]["lines"], "digits": data["play"]["digits"], "marks": (),
        "data": Markup(json.dumps({**data, "id": name, "type": name, "answer": f"answers/{name}.js"})), "preview": "",
        "scripts": ["play/rules.js", f"play/{name}.js", "play/player.js"],
    }
    html = env.get_template("web/puzzle.html.j2").render(
        edition={"title": "Kinds", "date": None}, puzzle=fields, rules={"title": name, "paragraphs": []}, prev=None, next=None)
    path = folder / f"{name}.html"
    path.write_text(html)
    return path


@pytest.fixture(scope="module")
def browser():
    driver = chromium(1280, 900)
    yield driver
    driver.quit()


def test_a_loop_along_cell_edges_is_drawn_by_keys_and_a_drag(browser, tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    data = {"rows": 2, "cols": 2, "clues": {}, "play": {"cell_marks": ["shaded", "dotted"], "digits": 0, "lines": "edges", "words": {"main": "Shade", "aid": "Dot"}}}
    visit(browser, page(tmp_path, "edges", EDGES_JS, data).as_uri())
    requests(browser)
    svg = browser.find_element("id", "board")
    browser.execute_script("arguments[0].focus()", svg)  # the cursor starts on cell 0
    # the loop around the whole 2x2 grid: the top and left edges of cell 0 by keys
    for key in (Keys.UP, Keys.LEFT):
        ActionChains(browser).key_down(Keys.SHIFT).send_keys(key).key_up(Keys.SHIFT).perform()
    svg.send_keys(Keys.RIGHT)  # to cell 1: its top and right edges
    for key in (Keys.UP, Keys.RIGHT):
        ActionChains(browser).key_down(Keys.SHIFT).send_keys(key).key_up(Keys.SHIFT).perform()
    svg.send_keys(Keys.DOWN)  # to cell 3: its right edge
    ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.RIGHT).key_up(Keys.SHIFT).perform()
    assert not browser.find_element("id", "solved").is_displayed()
    # the bottom of the grid, from the bottom-right corner to the bottom-left, by a mouse drag
    cell = browser.find_element("id", "cell-3")
    size = float(cell.get_attribute("width"))
    chain = ActionChains(browser).move_to_element_with_offset(cell, size / 2 - 1, size / 2 - 1).click_and_hold()
    chain.move_by_offset(-size / 2, 0).move_by_offset(-size / 2, 0).move_by_offset(-size / 2, 0).move_by_offset(-size / 2 + 1, 0)
    chain.move_by_offset(0, -size / 2).move_by_offset(0, -size / 2 + 1).release().perform()
    board = browser.execute_script("return Puzzlepress.page.board()")
    assert board["lines"].count(1) == 8, board
    assert browser.find_element("id", "solved").is_displayed()
    assert all(url.startswith("file://") for url in requests(browser)) and not errors(browser)


def test_digits_are_typed_and_givens_stay(browser, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    start = {"cells": [1, 0, 0, 0, 0, 3, 0, 0, 0], "lines": []}
    data = {"rows": 3, "cols": 3, "clues": {}, "start": start, "fixed": [0, 5], "play": {"cell_marks": [], "digits": 3, "lines": None, "words": {}}}
    visit(browser, page(tmp_path, "digits", DIGITS_JS, data).as_uri())
    svg = browser.find_element("id", "board")
    browser.execute_script("arguments[0].focus()", svg)
    svg.send_keys("2")  # on the given 1: refused
    assert browser.execute_script("return Puzzlepress.page.board().cells")[0] == 1
    svg.send_keys(Keys.RIGHT, "2", Keys.RIGHT, "3", Keys.DOWN, Keys.LEFT, Keys.LEFT, "2", Keys.RIGHT)
    browser.find_element("css selector", "[data-digit='1']").click()  # the on-screen pad writes at the cursor
    svg.send_keys(Keys.RIGHT, "2", Keys.LEFT)  # on the given 3: refused
    assert browser.execute_script("return Puzzlepress.page.board().cells")[:6] == [1, 2, 3, 2, 1, 3]
    svg.send_keys(Keys.DOWN, "2", Keys.LEFT, "3", "0", "3", Keys.RIGHT, Keys.RIGHT, "1")
    assert browser.execute_script("return Puzzlepress.page.board().cells") == [1, 2, 3, 2, 1, 3, 3, 2, 1]
    assert browser.find_element("id", "solved").is_displayed() and not errors(browser)
