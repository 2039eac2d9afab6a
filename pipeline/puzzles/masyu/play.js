/* Masyu in the shared player: pearls in cells; the loop drawn between cell centres, cells marked
   off or on the loop as notes. The checklist of rules.py (same codes, same order), reading the
   board's lines alone as play.py does. */
(function (root) {
  "use strict";
  const P = root.Puzzlepress, R = P.rules, MAIN = P.MAIN;

  /* Each cell's neighbours along drawn lines. */
  function links(data, board) {
    const ends = R.lineEnds(data.rows, data.cols, "centres"), out = Array.from({ length: data.rows * data.cols }, () => []);
    board.lines.forEach((mark, e) => {
      if (mark !== MAIN) return;
      const [a, b] = ends[e];
      out[a].push(b); out[b].push(a);
    });
    return out;
  }
  /* "straight", "turn", or "" for a cell without exactly two lines. */
  function bend(near, i) {
    if (near[i].length !== 2) return "";
    return near[i][0] + near[i][1] === 2 * i ? "straight" : "turn";
  }
  function pearls(data, kind) {
    const found = [];
    data.clues.pearls.forEach((row, r) => { for (let c = 0; c < row.length; c++) if (row[c] === kind) found.push(r * data.cols + c); });
    return found;
  }
  const name = (data, i) => R.cellName(Math.floor(i / data.cols), i % data.cols);
  const pearlCheck = (code, kind, breaks) => ({
    code, find(data, board) {
      const near = links(data, board);
      for (const i of pearls(data, kind)) { const message = breaks(near, i, data); if (message) return message; }
      return null;
    },
  });

  P.types.masyu = {
    checks: [
      R.branch("branch", "centres"),
      pearlCheck("white-turns", "W", (near, i, data) => bend(near, i) === "turn" && "the loop turns on the white pearl at " + name(data, i)),
      pearlCheck("black-straight", "B", (near, i, data) => bend(near, i) === "straight" && "the black pearl at " + name(data, i) + " is passed straight"),
      pearlCheck("black-turns-beside", "B", (near, i, data) => {
        if (!bend(near, i)) return null;
        const beside = near[i].find((j) => bend(near, j) === "turn");
        return beside === undefined ? null : "the loop turns at " + name(data, beside) + ", next to the black pearl at " + name(data, i);
      }),
      pearlCheck("white-straight-beside", "W", (near, i, data) =>
        bend(near, i) !== "" && near[i].every((j) => bend(near, j) === "straight") &&
        "the loop runs straight on through both cells beside the white pearl at " + name(data, i)),
      {
        code: "pearl-missed", find(data, board) {
          const near = links(data, board);
          for (const i of pearls(data, "B").concat(pearls(data, "W")).sort((a, b) => a - b))
            if (!near[i].length) return "the loop misses the " + (data.clues.pearls[Math.floor(i / data.cols)][i % data.cols] === "B" ? "black" : "white") + " pearl at " + name(data, i);
          return null;
        },
      },
      R.oneLoop("one-loop", "centres"),
    ],
    margins: () => ({ left: 0.1, top: 0.1, right: 0.1, bottom: 0.1 }),
    mainClass: "off-loop",
    drawClues(view) {
      const { data, s, x0, y0 } = view;
      data.clues.pearls.forEach((row, r) => {
        for (let c = 0; c < row.length; c++) {
          if (row[c] === ".") continue;
          const el = view.circle(x0 + (c + 0.5) * s, y0 + (r + 0.5) * s, 0.34 * s, "circle " + (row[c] === "B" ? "black" : "white"));
          el.setAttribute("aria-hidden", "true");
        }
      });
    },
  };
})(typeof globalThis !== "undefined" ? globalThis : this);
