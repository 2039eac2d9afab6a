/* Nonogram in the shared player: clues beside the rows and above the columns, dimmed when their
   line matches; the checklist of rules.py (same codes). */
(function (root) {
  "use strict";
  const P = root.Puzzlepress, R = P.rules, MAIN = P.MAIN;

  function runs(board, cols, cells) {
    const found = [];
    let run = 0;
    for (const i of cells) {
      if (board.cells[i] === MAIN) run++;
      else if (run) { found.push(run); run = 0; }
    }
    if (run) found.push(run);
    return found;
  }
  const rowCells = (data, r) => Array.from({ length: data.cols }, (_, c) => r * data.cols + c);
  const colCells = (data, c) => Array.from({ length: data.rows }, (_, r) => r * data.cols + c);
  const same = (a, b) => a.length === b.length && a.every((n, i) => n === b[i]);
  const rowMet = (data, board, r) => same(runs(board, data.cols, rowCells(data, r)), data.clues.rows[r]);
  const colMet = (data, board, c) => same(runs(board, data.cols, colCells(data, c)), data.clues.cols[c]);
  const shown = (clue) => (clue.length ? clue : [0]);
  function first(data, board, count, met, line) {
    for (let i = 0; i < count; i++) if (!met(data, board, i)) {
      const clue = line === "row" ? data.clues.rows[i] : data.clues.cols[i];
      return line + " " + (i + 1) + " does not show its clue " + shown(clue).join(" ");
    }
    return null;
  }

  P.types.nonogram = {
    checks: [
      { code: "row-clue-mismatch", find: (data, board) => first(data, board, data.rows, rowMet, "row") },
      { code: "col-clue-mismatch", find: (data, board) => first(data, board, data.cols, colMet, "column") },
    ],
    /* Room for the clues, in cells: numbers about half a cell wide, stacked a little over half a cell. */
    margins(data) {
      const wide = Math.max(...data.clues.rows.map((c) => shown(c).reduce((n, x) => n + String(x).length + 0.6, 0)));
      const tall = Math.max(...data.clues.cols.map((c) => shown(c).length));
      return { left: 0.55 * wide + 0.4, top: 0.62 * tall + 0.4, right: 0.15, bottom: 0.15 };
    },
    heavyEvery: 5,
    drawClues(view) {
      const { data, s } = view;
      view.clueCells = { rows: [], cols: [] };
      data.clues.rows.forEach((clue, r) => {
        const text = view.text(view.x0 - 0.3 * s, view.y0 + (r + 0.5) * s, shown(clue).join(" "), "clue row-clue", "end");
        text.setAttribute("aria-label", "row " + (r + 1) + " clue " + shown(clue).join(" "));
        view.clueCells.rows.push(text);
      });
      data.clues.cols.forEach((clue, c) => {
        const numbers = shown(clue), g = view.group("clue col-clue");
        g.setAttribute("aria-label", "column " + (c + 1) + " clue " + numbers.join(" "));
        numbers.forEach((n, k) => {
          const y = view.y0 - 0.3 * s - (numbers.length - 1 - k) * 0.62 * s;
          view.text(view.x0 + (c + 0.5) * s, y, String(n), "", "middle", g);
        });
        view.clueCells.cols.push(g);
      });
    },
    /* A line whose runs match its clue is dimmed, crossed out and ticked: a progress cue, not proof. */
    update(view, board) {
      const { data } = view;
      view.clueCells.rows.forEach((el, r) => el.classList.toggle("met", rowMet(data, board, r)));
      view.clueCells.cols.forEach((el, c) => el.classList.toggle("met", colMet(data, board, c)));
    },
    progress(data, board) {
      let met = 0;
      for (let r = 0; r < data.rows; r++) met += rowMet(data, board, r);
      for (let c = 0; c < data.cols; c++) met += colMet(data, board, c);
      return met + " of " + (data.rows + data.cols) + " lines match their clues";
    },
    /* Cells still to fill: the clues' total less the cells filled. */
    left(data, board) {
      const total = data.clues.rows.reduce((n, clue) => n + clue.reduce((a, b) => a + b, 0), 0);
      return total - board.cells.filter((m) => m === MAIN).length;
    },
    rainbow: true,
  };
  void R;
})(typeof globalThis !== "undefined" ? globalThis : this);
