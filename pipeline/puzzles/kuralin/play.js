/* Kuralin in the shared player: circles on grid points; the loop drawn between cell centres. The
   checklist of rules.py (same codes), reading the board as play.py does: every cell the loop
   misses is black, so a black mark on the loop or a white dot off it breaks black-off-loop. */
(function (root) {
  "use strict";
  const P = root.Puzzlepress, R = P.rules, MAIN = P.MAIN, AID = P.AID;

  function touched(point, rows, cols) {
    const [y, x] = point, rs = [...new Set([(y - 1) >> 1, y >> 1])].sort((a, b) => a - b);
    const cs = [...new Set([(x - 1) >> 1, x >> 1])].sort((a, b) => a - b);
    const cells = [];
    for (const r of rs) for (const c of cs) cells.push(r * cols + c);
    return cells;
  }
  function kindFor(black, count) { return 2 * black > count ? "black" : 2 * black < count ? "white" : "grey"; }
  const circleCheck = (kind) => ({
    code: "circle-" + kind, kind, find(data, board) {
      const onLoop = R.loopCells(data, board);
      for (const circle of data.clues.circles) {
        if (circle.kind !== kind) continue;
        const cells = touched(circle.point, data.rows, data.cols);
        const black = cells.filter((i) => !onLoop[i]).length;
        if (kindFor(black, cells.length) !== kind)
          return "the " + kind + " circle at " + cells.map((i) => R.cellName(Math.floor(i / data.cols), i % data.cols)).join(", ") +
            " touches " + black + " black and " + (cells.length - black) + " white cells";
      }
      return null;
    },
  });
  const circles = ["black", "grey", "white"].map(circleCheck); // rules.py lists them by kind, sorted

  P.types.kuralin = {
    checks: [
      R.branch("branch", "centres"),
      R.oneLoop("one-loop", "centres"),
      {
        code: "black-off-loop", find(data, board) {
          const onLoop = R.loopCells(data, board);
          for (let i = 0; i < board.cells.length; i++) {
            const name = R.cellName(Math.floor(i / data.cols), i % data.cols);
            if (board.cells[i] === MAIN && onLoop[i]) return name + " is marked black but the loop passes through it";
            if (board.cells[i] === AID && !onLoop[i]) return name + " is marked white but the loop misses it";
          }
          return null;
        },
      },
      ...circles, // rules.py checks only the kinds the puzzle has: the same, since a kind absent never fails
    ],
    margins: () => ({ left: 0.1, top: 0.1, right: 0.1, bottom: 0.1 }),
    mainClass: "off-loop",
    drawClues(view) {
      const { data, s, x0, y0 } = view;
      for (const circle of data.clues.circles) {
        const [y, x] = circle.point, cx = x0 + x * s / 2, cy = y0 + y * s / 2;
        view.circle(cx, cy, 0.2 * s + 3, "halo"); // paper around it, so a circle reads on black cells
        const el = view.circle(cx, cy, 0.2 * s, "circle " + circle.kind);
        el.setAttribute("aria-hidden", "true");
        if (circle.kind === "grey") view.circle(cx, cy, 0.075 * s, "circle-dot");
      }
    },
    /* A hint's fact the board shows without its own mark: a line makes its cells white, a black cell
       has no lines. */
    implied(data, board, move) {
      const ends = R.lineEnds(data.rows, data.cols, "centres");
      if (move.p === "cells" && move.m === AID && board.cells[move.i] === 0)
        return board.lines.some((m, e) => m === MAIN && ends[e].includes(move.i));
      if (move.p === "lines" && move.m === AID && board.lines[move.i] === 0)
        return ends[move.i].some((cell) => board.cells[cell] === MAIN);
      return false;
    },
  };
})(typeof globalThis !== "undefined" ? globalThis : this);
