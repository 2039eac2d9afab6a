/* Slitherlink in the shared player: numbers in cells; the loop drawn along edges between grid
   points. The checklist of rules.py (same codes, same order): a loop is drawn, no branch, no dead
   end, every number counts its lines, one loop. Cell marks (inside, outside) are aids only. */
(function (root) {
  "use strict";
  const P = root.Puzzlepress, R = P.rules, MAIN = P.MAIN;

  function degrees(data, board) {
    const ends = R.lineEnds(data.rows, data.cols, "edges");
    const degree = new Array((data.rows + 1) * (data.cols + 1)).fill(0);
    board.lines.forEach((m, e) => { if (m === MAIN) { degree[ends[e][0]]++; degree[ends[e][1]]++; } });
    return degree;
  }
  function pointName(data, n) {
    const w = data.cols + 1, y = Math.floor(n / w), x = n % w;
    const ud = y < data.rows ? ["above", y] : ["below", y - 1], lr = x < data.cols ? ["left", x] : ["right", x - 1];
    return "the grid point " + ud[0] + "-" + lr[0] + " of " + R.cellName(ud[1], lr[1]);
  }
  function cellEdges(data, r, c) {
    const across = (data.rows + 1) * data.cols, w = data.cols + 1;
    return [r * data.cols + c, (r + 1) * data.cols + c, across + r * w + c, across + r * w + c + 1];
  }

  P.types.slitherlink = {
    checks: [
      { code: "no-line", stops: true, find: (data, board) => (board.lines.some((m) => m === MAIN) ? null : "no line is drawn") },
      { code: "branch", find(data, board) {
          const at = degrees(data, board).findIndex((d) => d > 2);
          return at < 0 ? null : "the loop branches at " + pointName(data, at);
        } },
      { code: "dead-end", find(data, board) {
          const at = degrees(data, board).findIndex((d) => d === 1);
          return at < 0 ? null : "the line stops at " + pointName(data, at);
        } },
      { code: "clue-count", find(data, board) {
          const numbers = data.clues.numbers;
          for (let r = 0; r < data.rows; r++) for (let c = 0; c < data.cols; c++) {
            const n = numbers[r][c];
            if (n === null) continue;
            const around = cellEdges(data, r, c).filter((e) => board.lines[e] === MAIN).length;
            if (around !== n) return "the " + n + " at " + R.cellName(r, c) + " has " + around + " loop " + (around === 1 ? "edge" : "edges") + " around it";
          }
          return null;
        } },
      { code: "one-loop", find(data, board) {
          const { pieces } = R.loopParts(R.lineEnds(data.rows, data.cols, "edges"), board.lines, (data.rows + 1) * (data.cols + 1));
          return pieces.length < 2 ? null : pieces.length === 2 ? "two separate loops" : pieces.length + " separate loops";
        } },
    ],
    margins: () => ({ left: 0.1, top: 0.1, right: 0.1, bottom: 0.1 }),
    mainClass: "inside",
    drawClues(view) {
      const { data, s, x0, y0 } = view;
      data.clues.numbers.forEach((row, r) => row.forEach((n, c) => {
        if (n !== null && view.text) view.text(x0 + (c + 0.5) * s, y0 + (r + 0.5) * s, String(n), "number");
      }));
    },
    implied: () => false,
  };
})(typeof globalThis !== "undefined" ? globalThis : this);
