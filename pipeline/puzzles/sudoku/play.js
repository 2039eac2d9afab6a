/* Sudoku in the shared player: digits in cells, the givens fixed and bold, heavy box walls; the
   checklist of rules.py (same codes, same messages). */
(function (root) {
  "use strict";
  const P = root.Puzzlepress, R = P.rules;
  const n = (data) => data.rows;
  const given = (data, i) => data.clues.givens[Math.floor(i / n(data))][i % n(data)];
  const name = (data, i) => R.cellName(Math.floor(i / n(data)), i % n(data));
  const boxOf = (data, r, c) => {
    const [tall, wide] = data.clues.box;
    return Math.floor(r / tall) * (n(data) / wide) + Math.floor(c / wide);
  };
  const HOUSE = { row: (data, r, c) => r, column: (data, r, c) => c, box: boxOf };

  const cellsCheck = (code, find, stops) => ({ code, stops, find(data, board) {
    for (let i = 0; i < n(data) * n(data); i++) { const said = find(data, board.cells[i], i); if (said) return said; }
    return null;
  } });
  const repeat = (code, kind) => ({ code, find(data, board) {
    const first = new Map();
    for (let i = 0; i < n(data) * n(data); i++) {
      const value = board.cells[i];
      if (!value) continue;
      const key = HOUSE[kind](data, Math.floor(i / n(data)), i % n(data)) + ":" + value;
      if (first.has(key)) return "two " + value + "s in " + kind + " " + (Number(key.split(":")[0]) + 1) + " at " + name(data, first.get(key)) + " and " + name(data, i);
      first.set(key, i);
    }
    return null;
  } });

  P.types.sudoku = {
    checks: [
      { code: "bad-shape", stops: true, find(data, board) {
        return board.cells.length === n(data) * n(data) && board.cells.every(Number.isInteger) ? null : "the answer must have " + n(data) + " rows";
      } },
      cellsCheck("not-a-digit", (data, value, i) => value >= 0 && value <= n(data) ? null :
        name(data, i) + " holds " + value + ", but a " + n(data) + "×" + n(data) + " Sudoku takes the digits 1 to " + n(data), true),
      cellsCheck("given-changed", (data, value, i) => !given(data, i) || value === given(data, i) ? null :
        name(data, i) + " " + (value ? "is " + value : "is empty") + " but the printed given is " + given(data, i)),
      repeat("row-repeat", "row"),
      repeat("column-repeat", "column"),
      repeat("box-repeat", "box"),
      cellsCheck("empty-cell", (data, value, i) => value ? null : name(data, i) + " is empty"),
    ],
    margins: () => ({ left: 0.1, top: 0.1, right: 0.1, bottom: 0.1 }),
    drawClues(view) {
      const { data, s, x0, y0 } = view, [tall, wide] = data.clues.box, size = n(data), walls = [];
      for (let k = tall; k < size; k += tall) walls.push("M" + x0 + " " + (y0 + k * s) + "h" + size * s);
      for (let k = wide; k < size; k += wide) walls.push("M" + (x0 + k * s) + " " + y0 + "v" + size * s);
      view.path(walls.join(""), "wall");
    },
    /* The player draws every digit of the board alike; the givens' are made bold and black. */
    update(view) {
      const { data, s, x0, y0 } = view, marks = view.layer.parentNode.querySelector(".marks");
      for (const t of marks.querySelectorAll("text")) {
        const c = Math.floor((Number(t.getAttribute("x")) - x0) / s), r = Math.floor((Number(t.getAttribute("y")) - y0) / s);
        if (data.clues.givens[r] && data.clues.givens[r][c]) t.setAttribute("class", "given");
      }
    },
    describe: (data, i) => (given(data, i) ? "printed" : ""),
  };
})(typeof globalThis !== "undefined" ? globalThis : this);
