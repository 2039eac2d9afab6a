/* Nuritwin in the shared player: bold region walls, numbers in regions' first cells; the
   checklist of rules.py (same codes), with the shared connected and 2x2 checks. */
(function (root) {
  "use strict";
  const P = root.Puzzlepress, R = P.rules, MAIN = P.MAIN;
  const shaded = (data, board, i) => board.cells[i] === MAIN;
  const region = (data, i) => data.clues.regions[Math.floor(i / data.cols)][i % data.cols];

  /* Each region's first cell, number, and the sizes of the blocks shaded inside it. */
  function regions(data, board) {
    const found = [];
    const count = 1 + Math.max(...data.clues.regions.map((row) => Math.max(...row)));
    for (let k = 0; k < count; k++) {
      let firstCell = -1;
      for (let i = 0; i < data.rows * data.cols; i++) if (region(data, i) === k) { firstCell = i; break; }
      const blocks = R.groups(data.rows, data.cols, (i) => region(data, i) === k && shaded(data, board, i));
      const r = Math.floor(firstCell / data.cols), c = firstCell % data.cols;
      found.push({ name: "the region of " + R.cellName(r, c), number: data.clues.numbers[r][c], sizes: blocks.map((b) => b.length) });
    }
    return found;
  }
  const regionCheck = (code, broken, say) => ({
    code, find(data, board) {
      for (const reg of regions(data, board)) {
        const two = reg.sizes.length === 2, equal = two && reg.sizes[0] === reg.sizes[1];
        const which = !two ? "count" : !equal ? "sizes" : reg.number != null && reg.sizes[0] !== reg.number ? "number" : null;
        if (which === broken) return say(reg);
      }
      return null;
    },
  });

  P.types.nuritwin = {
    checks: [
      regionCheck("region-block-count", "count", (g) => g.name + " holds " + g.sizes.length + " blocks, not two"),
      regionCheck("region-block-sizes", "sizes", (g) => g.name + " holds blocks of " + g.sizes[0] + " and " + g.sizes[1] + " cells, not the same size"),
      regionCheck("region-number", "number", (g) => g.name + " holds blocks of " + g.sizes[0] + ", but its number is " + g.number),
      R.connected("not-connected", shaded),
      R.no2x2("shaded-2x2", shaded),
    ],
    margins: () => ({ left: 0.1, top: 0.1, right: 0.1, bottom: 0.1 }),
    drawClues(view) {
      const { data, s, x0, y0 } = view, walls = [];
      for (let r = 0; r < data.rows; r++)
        for (let c = 0; c < data.cols; c++) {
          const here = data.clues.regions[r][c];
          if (c + 1 < data.cols && data.clues.regions[r][c + 1] !== here) walls.push([c + 1, r, c + 1, r + 1]);
          if (r + 1 < data.rows && data.clues.regions[r + 1][c] !== here) walls.push([c, r + 1, c + 1, r + 1]);
        }
      view.path(walls.map(([a, b, c, d]) => "M" + (x0 + a * s) + " " + (y0 + b * s) + "H" + (x0 + c * s) + "V" + (y0 + d * s)).join(""), "wall");
      view.numbers = [];
      data.clues.numbers.forEach((row, r) => row.forEach((n, c) => {
        if (n == null) return;
        const t = view.text(x0 + (c + 0.5) * s, y0 + (r + 0.5) * s, String(n), "number", "middle");
        view.numbers.push([t, r * data.cols + c]);
      }));
    },
    update(view, board) {
      for (const [t, i] of view.numbers) t.classList.toggle("on-main", board.cells[i] === MAIN);
    },
    printed: (data, i) => data.clues.numbers[Math.floor(i / data.cols)][i % data.cols] != null,
    describe(data, i) {
      const n = data.clues.numbers[Math.floor(i / data.cols)][i % data.cols];
      return n == null ? "" : "number " + n;
    },
  };
})(typeof globalThis !== "undefined" ? globalThis : this);
