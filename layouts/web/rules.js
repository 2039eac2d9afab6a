/* Rules every type may share, for the types' checklists in the page (pipeline/interface/checks.py
   names the same rules in Python). Plain functions of a board: no page, so node runs them too.
   A board is {cells: [...], lines: [...]}, flat lists in reading order (pipeline/interface/play.py). */
(function (root) {
  "use strict";
  const P = root.Puzzlepress = root.Puzzlepress || { types: {} };
  const MAIN = 1, AID = 2;

  function cellName(r, c) { return "r" + (r + 1) + "c" + (c + 1); }

  /* Groups of side-by-side cells among `inside` (a predicate on a cell index), each a sorted list of
     indices, ordered by their first cell. */
  function groups(rows, cols, inside) {
    const seen = new Uint8Array(rows * cols), found = [];
    for (let start = 0; start < rows * cols; start++) {
      if (seen[start] || !inside(start)) continue;
      const group = [start], stack = [start];
      seen[start] = 1;
      while (stack.length) {
        const i = stack.pop(), r = Math.floor(i / cols), c = i % cols;
        const next = [];
        if (r > 0) next.push(i - cols);
        if (r < rows - 1) next.push(i + cols);
        if (c > 0) next.push(i - 1);
        if (c < cols - 1) next.push(i + 1);
        for (const j of next) if (!seen[j] && inside(j)) { seen[j] = 1; group.push(j); stack.push(j); }
      }
      found.push(group.sort((a, b) => a - b));
    }
    return found;
  }

  /* The first 2x2 square all of whose cells `inside` holds, as the index of its top-left cell, or -1. */
  function square(rows, cols, inside) {
    for (let r = 0; r < rows - 1; r++)
      for (let c = 0; c < cols - 1; c++) {
        const i = r * cols + c;
        if (inside(i) && inside(i + 1) && inside(i + cols) && inside(i + cols + 1)) return i;
      }
    return -1;
  }

  /* The pairs of nodes each line of a board joins: cells for lines between centres, grid points
     (numbered r * (cols + 1) + c) for lines along edges; the order of pipeline/interface/play.py. */
  function lineEnds(rows, cols, kind) {
    const ends = [];
    if (kind === "centres") {
      for (let r = 0; r < rows; r++) for (let c = 0; c < cols - 1; c++) ends.push([r * cols + c, r * cols + c + 1]);
      for (let r = 0; r < rows - 1; r++) for (let c = 0; c < cols; c++) ends.push([r * cols + c, (r + 1) * cols + c]);
    } else {
      const w = cols + 1;
      for (let r = 0; r <= rows; r++) for (let c = 0; c < cols; c++) ends.push([r * w + c, r * w + c + 1]);
      for (let r = 0; r < rows; r++) for (let c = 0; c <= cols; c++) ends.push([r * w + c, (r + 1) * w + c]);
    }
    return ends;
  }

  /* What the drawn lines make: each node's degree, and the connected pieces (sets of nodes). */
  function loopParts(ends, lines, nodes) {
    const degree = new Array(nodes).fill(0), links = Array.from({ length: nodes }, () => []);
    lines.forEach((mark, e) => {
      if (mark !== MAIN) return;
      const [a, b] = ends[e];
      degree[a]++; degree[b]++;
      links[a].push(b); links[b].push(a);
    });
    const seen = new Uint8Array(nodes), pieces = [];
    for (let start = 0; start < nodes; start++) {
      if (seen[start] || !degree[start]) continue;
      const piece = [start], stack = [start];
      seen[start] = 1;
      while (stack.length) for (const n of links[stack.pop()]) if (!seen[n]) { seen[n] = 1; piece.push(n); stack.push(n); }
      pieces.push(piece);
    }
    return { degree, pieces };
  }

  /* Run a type's checklist: every failure in order, each once; a failing `stops` check ends it. */
  function runChecks(checks, data, board) {
    const failures = [];
    for (const check of checks) {
      const message = check.find(data, board);
      if (message != null) {
        failures.push({ code: check.code, message });
        if (check.stops) break;
      }
    }
    return failures;
  }

  P.MAIN = MAIN; P.AID = AID;
  P.rules = { cellName, groups, square, lineEnds, loopParts, runChecks };
  /* The shared checks, made for a type's way of reading its board. */
  P.rules.connected = (code, shaded) => ({
    code, find(data, board) {
      const parts = groups(data.rows, data.cols, (i) => shaded(data, board, i));
      if (parts.length < 2) return null;
      const [r, c] = [Math.floor(parts[1][0] / data.cols), parts[1][0] % data.cols];
      return "the shaded cells are not one network: " + cellName(r, c) + " is cut off from " +
        cellName(Math.floor(parts[0][0] / data.cols), parts[0][0] % data.cols);
    },
  });
  P.rules.no2x2 = (code, shaded) => ({
    code, find(data, board) {
      const at = square(data.rows, data.cols, (i) => shaded(data, board, i));
      if (at < 0) return null;
      return "a 2×2 square is all shaded at " + cellName(Math.floor(at / data.cols), at % data.cols);
    },
  });
})(typeof globalThis !== "undefined" ? globalThis : this);
(function (root) {
  "use strict";
  const R = root.Puzzlepress.rules, MAIN = root.Puzzlepress.MAIN;
  function parts(data, board, kind) {
    const nodes = kind === "centres" ? data.rows * data.cols : (data.rows + 1) * (data.cols + 1);
    return R.loopParts(R.lineEnds(data.rows, data.cols, kind), board.lines, nodes);
  }
  function nodeName(data, kind, n) {
    if (kind === "centres") return R.cellName(Math.floor(n / data.cols), n % data.cols);
    const w = data.cols + 1;
    return "the grid point at row " + (Math.floor(n / w) + 1) + ", column " + (n % w + 1);
  }
  /* No branch and no dead end: every node the lines touch has exactly two of them. */
  R.branch = (code, kind) => ({
    code, find(data, board) {
      const { degree } = parts(data, board, kind);
      const at = degree.findIndex((d) => d > 0 && d !== 2);
      if (at < 0) return null;
      return nodeName(data, kind, at) + (degree[at] > 2 ? " has " + degree[at] + " lines: the loop branches" : " has one line: the loop stops there");
    },
  });
  /* The drawn lines are one loop: not none, not several pieces. */
  R.oneLoop = (code, kind) => ({
    code, find(data, board) {
      const { pieces } = parts(data, board, kind);
      if (pieces.length === 1) return null;
      return pieces.length ? "the lines make " + pieces.length + " separate pieces, not one loop" : "no loop is drawn";
    },
  });
  R.loopCells = (data, board) => {
    const { degree } = parts(data, board, "centres");
    return degree.map((d) => d > 0);
  };
  void MAIN;
})(typeof globalThis !== "undefined" ? globalThis : this);
