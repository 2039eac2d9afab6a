/* The web edition's one player, for every type: it reads the page's puzzle (a JSON script), the
   type's record of how it is played (cells with marks or digits, lines between centres or along
   edges: pipeline/interface/play.py) and the type's script (its clues and its checklist), and
   plays it with mouse, touch and keys. Nothing is fetched: the answer and the hints are a script
   file beside the page, added to the page only when a player asks (which works from disk too). */
(function () {
  "use strict";
  const P = window.Puzzlepress, R = P.rules, MAIN = P.MAIN, AID = P.AID, BLANK = 0;
  const SVG = "http://www.w3.org/2000/svg";
  const STORE = "puzzlepress";
  const MIN_CELL = 28, MAX_CELL = 52;

  const data = JSON.parse(document.getElementById("puzzle-data").textContent);
  const type = P.types[data.type];
  const play = data.play;
  const rows = data.rows, cols = data.cols;
  const $ = (id) => document.getElementById(id);
  const ends = play.lines ? R.lineEnds(rows, cols, play.lines) : [];

  const start = () => data.start ? { cells: data.start.cells.slice(), lines: data.start.lines.slice() } : { cells: new Array(rows * cols).fill(BLANK), lines: new Array(ends.length).fill(BLANK) };
  let board = saved().board || start();
  let cursor = 0, mode = MAIN, undo = [], solved = false, answer = null, shownMistakes = false;
  let seconds = saved().seconds || 0, aided = !!saved().aided, ticking = null;
  const view = { data, s: MIN_CELL, x0: 0, y0: 0 };

  // ---- storage: one JSON object under one key, best times and boards in progress ----
  function store() {
    try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (e) { return {}; }
  }
  function keep(update) {
    try { const all = store(); update(all); localStorage.setItem(STORE, JSON.stringify(all)); } catch (e) { /* private mode */ }
  }
  function saved() { return (store().boards || {})[data.id] || {}; }
  function save() {
    keep((all) => {
      all.boards = all.boards || {};
      if (solved) delete all.boards[data.id];
      else all.boards[data.id] = { board, seconds, aided };
    });
  }
  function best() { return (store().best || {})[data.id]; }

  // ---- drawing ----
  const svg = $("board");
  function el(name, attrs, parent) {
    const node = document.createElementNS(SVG, name);
    for (const key in attrs) node.setAttribute(key, attrs[key]);
    (parent || svg).appendChild(node);
    return node;
  }
  view.group = (cls, parent) => el("g", { class: cls }, parent || view.layer);
  view.text = (x, y, value, cls, anchor, parent) => {
    const t = el("text", { x, y, class: cls || "", "text-anchor": anchor || "middle", "dominant-baseline": "central", "font-size": Math.round(view.s * 0.5) }, parent || view.layer);
    t.textContent = value;
    return t;
  };
  view.path = (d, cls, parent) => el("path", { d, class: cls }, parent || view.layer);
  view.circle = (cx, cy, r, cls, parent) => el("circle", { cx, cy, r, class: cls }, parent || view.layer);

  const cellName = (i) => R.cellName(Math.floor(i / cols), i % cols);
  const markWords = ["blank"].concat(play.cell_marks);
  function cellLabel(i) {
    const mark = board.cells[i];
    const what = play.digits ? (mark ? String(mark) : "empty") : markWords[mark];
    const extra = type.describe ? type.describe(data, i) : "";
    return cellName(i) + ", " + what + (extra ? ", " + extra : "");
  }

  let cellNodes = [], marks, lineLayer, cursorNode, hintLayer;
  function layout() {
    const m = type.margins(data);
    const units = cols + m.left + m.right;
    const box = $("box"), pad = parseFloat(getComputedStyle(box).paddingLeft) + parseFloat(getComputedStyle(box).paddingRight);
    const room = (box.clientWidth || 320) - pad - 1; // the board's own box, less its padding and a rounding pixel
    const fits = Math.floor(room / units);
    view.s = Math.max(MIN_CELL, Math.min(MAX_CELL, fits));
    $("scroll-note").hidden = fits >= MIN_CELL;
    const s = view.s;
    view.x0 = Math.round(m.left * s); view.y0 = Math.round(m.top * s);
    const width = Math.floor((cols + m.left + m.right) * s), height = Math.ceil((rows + m.top + m.bottom) * s);
    svg.setAttribute("width", width); svg.setAttribute("height", height);
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
    svg.textContent = "";
    const grid = el("g", { role: "rowgroup" });
    cellNodes = [];
    for (let r = 0; r < rows; r++) {
      const row = el("g", { role: "row" }, grid);
      for (let c = 0; c < cols; c++) {
        const i = r * cols + c;
        cellNodes.push(el("rect", { id: "cell-" + i, role: "gridcell", x: view.x0 + c * s, y: view.y0 + r * s, width: s, height: s, class: "cell" }, row));
      }
    }
    marks = el("g", { class: "marks", "aria-hidden": "true" });
    // A loop along edges is drawn on the grid's own lines, so they stay faint and the border is
    // one of them: a heavy frame there would read as loop already drawn.
    const edges = play.lines === "edges", first = edges ? 0 : 1;
    const lines = [];
    for (let r = first; r <= rows - first; r++) lines.push("M" + view.x0 + " " + (view.y0 + r * s) + "h" + cols * s);
    for (let c = first; c <= cols - first; c++) lines.push("M" + (view.x0 + c * s) + " " + view.y0 + "v" + rows * s);
    el("path", { d: lines.join(""), class: edges ? "gridline faint" : "gridline", "aria-hidden": "true" });
    if (type.heavyEvery) {
      const heavy = [], k = type.heavyEvery;
      for (let r = k; r < rows; r += k) heavy.push("M" + view.x0 + " " + (view.y0 + r * s) + "h" + cols * s);
      for (let c = k; c < cols; c += k) heavy.push("M" + (view.x0 + c * s) + " " + view.y0 + "v" + rows * s);
      el("path", { d: heavy.join(""), class: "gridline heavy", "aria-hidden": "true" });
    }
    lineLayer = el("g", { class: "lines", "aria-hidden": "true" });
    view.layer = el("g", { class: "clues" });
    type.drawClues(view);
    if (edges) {  // the grid's points, as printed: one path of round caps, however large the grid
      const dots = [];
      for (let r = 0; r <= rows; r++) for (let c = 0; c <= cols; c++) dots.push("M" + (view.x0 + c * s) + " " + (view.y0 + r * s) + "h0");
      el("path", { d: dots.join(""), class: "grid-dots", "stroke-width": Math.max(4, Math.round(s * 0.14)), "aria-hidden": "true" });
    } else {
      el("rect", { x: view.x0, y: view.y0, width: cols * s, height: rows * s, class: "frame", "aria-hidden": "true" });
    }
    hintLayer = el("g", { class: "hint-marks", "aria-hidden": "true" });
    // on an edge loop the cursor sits inside its cell, off the edges a player draws on
    view.inset = edges ? Math.round(s * 0.16) : 0;
    cursorNode = el("rect", { class: "cursor", width: s - 2 * view.inset, height: s - 2 * view.inset, "aria-hidden": "true" });
    render();
  }

  function linePoints(e) {
    const s = view.s, [a, b] = ends[e];
    if (play.lines === "centres") {
      const at = (n) => [view.x0 + (n % cols + 0.5) * s, view.y0 + (Math.floor(n / cols) + 0.5) * s];
      return [at(a), at(b)];
    }
    const w = cols + 1, at = (n) => [view.x0 + (n % w) * s, view.y0 + Math.floor(n / w) * s];
    return [at(a), at(b)];
  }

  function render() {
    const s = view.s;
    marks.textContent = "";
    board.cells.forEach((mark, i) => {
      const r = Math.floor(i / cols), c = i % cols, x = view.x0 + c * s, y = view.y0 + r * s;
      cellNodes[i].setAttribute("aria-label", cellLabel(i));
      cellNodes[i].setAttribute("aria-selected", i === cursor ? "true" : "false");
      if (!mark) return;
      if (play.digits) {
        el("text", { x: x + s / 2, y: y + s / 2, class: "digit", "text-anchor": "middle", "dominant-baseline": "central", "font-size": Math.round(s * 0.62) }, marks).textContent = String(mark);
      } else if (mark === MAIN) {
        const band = type.rainbow ? " band" + Math.min(5, Math.floor(6 * (c + r) / (rows + cols - 1 || 1))) : "";
        el("rect", { x: x + 1.5, y: y + 1.5, width: s - 3, height: s - 3, rx: 3, class: "main" + band + (type.mainClass ? " " + type.mainClass : ""), style: "--wave:" + (c + r) * 25 + "ms" }, marks);
      } else if (mark === AID) {
        if (play.cell_marks[1] === "crossed") {
          const k = s * 0.3;
          el("path", { d: "M" + (x + k) + " " + (y + k) + "L" + (x + s - k) + " " + (y + s - k) + "M" + (x + s - k) + " " + (y + k) + "L" + (x + k) + " " + (y + s - k), class: "aid cross" }, marks);
        } else {
          const aside = type.printed && type.printed(data, i); // a dot beside a printed number, not on it
          el("circle", { cx: x + (aside ? 0.8 : 0.5) * s, cy: y + (aside ? 0.8 : 0.5) * s, r: s * (aside ? 0.07 : 0.1), class: "aid dot" }, marks);
        }
      }
    });
    lineLayer.textContent = "";
    board.lines.forEach((mark, e) => {
      if (!mark) return;
      const [[x1, y1], [x2, y2]] = linePoints(e);
      if (mark === MAIN) el("line", { x1, y1, x2, y2, class: "loop" }, lineLayer);
      else {
        const cx = (x1 + x2) / 2, cy = (y1 + y2) / 2, k = s * 0.09;
        el("path", { d: "M" + (cx - k) + " " + (cy - k) + "l" + 2 * k + " " + 2 * k + "m0 " + -2 * k + "l" + -2 * k + " " + 2 * k, class: "line-cross" }, lineLayer);
      }
    });
    if (shownMistakes && answer) drawMistakes();
    cursorNode.setAttribute("x", view.x0 + (cursor % cols) * s + view.inset);
    cursorNode.setAttribute("y", view.y0 + Math.floor(cursor / cols) * s + view.inset);
    svg.setAttribute("aria-activedescendant", "cell-" + cursor);
    if (type.update) type.update(view, board);
    if (type.left) { // a type whose script counts what is left to fill (a nonogram's cells)
      const left = type.left(data, board);
      $("left").textContent = left == null ? "–" : String(left);
      $("left-count").hidden = false;
    }
  }

  // ---- changing the board ----
  function change(edits) {
    const real = edits.filter((x) => board[x.part][x.at] !== x.to);
    if (!real.length || solved) return false;
    for (const x of real) { x.from = board[x.part][x.at]; board[x.part][x.at] = x.to; }
    undo.push(real);
    after();
    return true;
  }
  function after() {
    startClock();
    shownMistakes = false;
    hintLayer.textContent = "";
    render();
    judge();
    save();
  }
  function takeBack() {
    const last = undo.pop();
    if (!last) { say("Nothing to undo."); return; }
    solved = false;
    for (const x of last.slice().reverse()) board[x.part][x.at] = x.from;
    document.body.classList.remove("solved");
    after();
    say("Undone.");
  }

  function judge() {
    const failures = R.runChecks(type.checks, data, board);
    if (failures.length) return failures;
    solved = true;
    stopClock();
    document.body.classList.add("solved");
    let note = "Solved in " + clock(seconds) + ".";
    const was = best();
    if (aided) note += " Hints or the answer were used, so this time is not a best time.";
    else if (was == null || seconds < was) {
      keep((all) => { all.best = all.best || {}; all.best[data.id] = seconds; });
      note += was == null ? " Your first solve of this puzzle." : " A new best time!";
    }
    $("solved").textContent = note;
    $("solved").hidden = false;
    showBest();
    say(note);
    return failures;
  }

  // ---- the clock ----
  function clock(t) { return Math.floor(t / 60) + ":" + String(t % 60).padStart(2, "0"); }
  function startClock() {
    if (ticking || solved || document.hidden) return;
    ticking = setInterval(() => { seconds++; $("time").textContent = clock(seconds); if (seconds % 5 === 0) save(); }, 1000);
  }
  function stopClock() { clearInterval(ticking); ticking = null; $("time").textContent = clock(seconds); }
  document.addEventListener("visibilitychange", () => (document.hidden ? (stopClock(), save()) : undo.length && startClock()));
  function showBest() { const b = best(); $("best").textContent = b == null ? "–" : clock(b); }

  // ---- speaking ----
  function say(text) { $("status").textContent = text; }

  // ---- cell and line actions ----
  function cellEdit(i, mark) {
    if (data.fixed && data.fixed.includes(i)) return null;
    return { part: "cells", at: i, to: mark };
  }
  function toggleCell(i, mark) {
    if (!play.cell_marks.length) return; // a board of lines alone (Slitherlink, Masyu): a cell holds nothing
    const to = board.cells[i] === mark ? BLANK : mark;
    const edit = cellEdit(i, to);
    if (edit && change([edit])) say(cellLabel(i));
  }
  function setDigit(i, digit) {
    const edit = cellEdit(i, digit);
    if (edit && change([edit])) say(cellLabel(i));
  }
  function lineBetween(a, b) {
    return ends.findIndex(([x, y]) => (x === a && y === b) || (x === b && y === a));
  }
  function toggleLine(e, mark) {
    if (e < 0) return;
    const to = board.lines[e] === mark ? BLANK : mark;
    if (change([{ part: "lines", at: e, to }])) say(lineLabel(e) + (to === MAIN ? " drawn" : to === AID ? " crossed out" : " erased"));
  }
  function lineLabel(e) {
    const [a, b] = ends[e];
    if (play.lines === "centres") return "line from " + cellName(a) + " to " + cellName(b);
    const w = cols + 1, name = (n) => "point " + (Math.floor(n / w) + 1) + "," + (n % w + 1);
    return "edge from " + name(a) + " to " + name(b);
  }
  /* The line of cell i's side towards (dr, dc): to the neighbour's centre, or along that edge. */
  function sideLine(i, dr, dc) {
    const r = Math.floor(i / cols), c = i % cols;
    if (play.lines === "centres") {
      const rr = r + dr, cc = c + dc;
      if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) return -1;
      return lineBetween(i, rr * cols + cc);
    }
    const w = cols + 1, tl = r * w + c;
    const pts = dr < 0 ? [tl, tl + 1] : dr > 0 ? [tl + w, tl + w + 1] : dc < 0 ? [tl, tl + w] : [tl + 1, tl + w + 1];
    return lineBetween(pts[0], pts[1]);
  }

  // ---- pointer: click or tap a cell, drag along a line, draw lines ----
  let stroke = null;
  function at(event) {
    const box = svg.getBoundingClientRect();
    const x = (event.clientX - box.left) * (svg.width.baseVal.value / box.width);
    const y = (event.clientY - box.top) * (svg.height.baseVal.value / box.height);
    return { gx: (x - view.x0) / view.s, gy: (y - view.y0) / view.s };
  }
  const inside = (p) => p.gx >= 0 && p.gy >= 0 && p.gx < cols && p.gy < rows;
  const cellAt = (p) => Math.floor(p.gy) * cols + Math.floor(p.gx);
  /* The line a tap near a border (or on an edge) means, or -1 for the cell itself. */
  function lineNear(p) {
    const fx = p.gx - Math.floor(p.gx), fy = p.gy - Math.floor(p.gy), i = cellAt(p);
    const near = 0.22;
    if (play.lines === "edges") {
      const d = [[fy, -1, 0], [1 - fy, 1, 0], [fx, 0, -1], [1 - fx, 0, 1]].sort((a, b) => a[0] - b[0])[0];
      return d[0] < 0.3 ? sideLine(i, d[1], d[2]) : -1;
    }
    if (fx < near) return sideLine(i, 0, -1);
    if (fx > 1 - near) return sideLine(i, 0, 1);
    if (fy < near) return sideLine(i, -1, 0);
    if (fy > 1 - near) return sideLine(i, 1, 0);
    return -1;
  }
  svg.addEventListener("contextmenu", (e) => e.preventDefault());
  svg.addEventListener("pointerdown", (event) => {
    const p = at(event);
    if (!inside(p) || solved) return;
    event.preventDefault();
    svg.focus({ preventScroll: true });
    const i = cellAt(p), secondary = event.button === 2;
    cursor = i;
    const mark = secondary ? (mode === MAIN ? AID : MAIN) : mode;
    stroke = { start: i, last: i, mark, moved: false, line: play.lines ? lineNear(p) : -1, touch: event.pointerType === "touch", p, undoAt: undo.length };
    if (play.digits) { render(); return; }
    if (play.lines === "edges") edgeDrag(p); // a press on a grid point starts the line there
    if (!play.lines) {
      const to = board.cells[i] === mark ? BLANK : mark;
      stroke.to = to;
      const edit = cellEdit(i, to);
      if (edit) change([edit]);
      say(cellLabel(i));
      render();
    }
    if (!stroke.touch || play.lines) svg.setPointerCapture(event.pointerId);
  });
  svg.addEventListener("pointermove", (event) => {
    if (!stroke || (stroke.touch && !play.lines)) return;
    const p = at(event);
    if (play.lines === "edges") return edgeDrag(p); // the frame's edges lie on the grid's border
    if (!inside(p)) return;
    const i = cellAt(p);
    if (i === stroke.last) return;
    if (play.lines === "centres") {
      const e = lineBetween(stroke.last, i);
      if (e >= 0) {
        if (stroke.draw == null) stroke.draw = board.lines[e] === MAIN ? BLANK : MAIN;
        change([{ part: "lines", at: e, to: stroke.draw }]);
        joinUndo(stroke);
      }
      stroke.last = i; stroke.moved = true; cursor = i; render();
      return;
    }
    // cells: paint along the row or column the stroke started in
    const r0 = Math.floor(stroke.start / cols), c0 = stroke.start % cols;
    const r = Math.floor(i / cols), c = i % cols;
    if (!stroke.axis) stroke.axis = r === r0 ? "row" : c === c0 ? "col" : null;
    if (!stroke.axis) return;
    const target = stroke.axis === "row" ? r0 * cols + c : r * cols + c0;
    const from = stroke.axis === "row" ? c0 : r0, to = stroke.axis === "row" ? c : r;
    const edits = [];
    for (let k = Math.min(from, to); k <= Math.max(from, to); k++) {
      const j = stroke.axis === "row" ? r0 * cols + k : k * cols + c0;
      const edit = (stroke.to === BLANK ? board.cells[j] === stroke.mark : board.cells[j] !== stroke.to) ? cellEdit(j, stroke.to) : null;
      if (edit) edits.push(edit);
    }
    change(edits);
    joinUndo(stroke);
    stroke.last = target; stroke.moved = true; cursor = target; render();
  });
  function edgeDrag(p) {
    const w = cols + 1, gx = Math.round(p.gx), gy = Math.round(p.gy);
    if (Math.abs(p.gx - gx) > 0.3 || Math.abs(p.gy - gy) > 0.3 || gx < 0 || gy < 0 || gx > cols || gy > rows) return;
    const point = gy * w + gx;
    if (stroke.point == null) { stroke.point = point; return; }
    if (point === stroke.point) return;
    const e = lineBetween(stroke.point, point);
    if (e >= 0) {
      if (stroke.draw == null) stroke.draw = board.lines[e] === MAIN ? BLANK : MAIN;
      change([{ part: "lines", at: e, to: stroke.draw }]);
      joinUndo(stroke);
      stroke.moved = true;
    }
    stroke.point = point;
  }
  /* One stroke is one step of undo. */
  function joinUndo(s) {
    if (undo.length > s.undoAt + 1) {
      const merged = [].concat(...undo.splice(s.undoAt));
      undo.push(merged);
    }
  }
  svg.addEventListener("pointerup", () => {
    if (!stroke) return;
    const s = stroke;
    stroke = null;
    if (!play.lines || s.moved || play.digits) return;
    if (s.line >= 0) toggleLine(s.line, s.mark === MAIN ? MAIN : AID);
    else toggleCell(s.start, s.mark);
    render();
  });
  svg.addEventListener("pointercancel", () => { stroke = null; });

  // ---- keys ----
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  svg.addEventListener("keydown", (event) => {
    const key = event.key, lower = key.toLowerCase();
    if (event.ctrlKey || event.metaKey || event.altKey) {
      if (lower === "z") { takeBack(); event.preventDefault(); }
      return;
    }
    if (steps[key]) {
      const [dr, dc] = steps[key], r = Math.floor(cursor / cols) + dr, c = cursor % cols + dc;
      event.preventDefault();
      if (event.shiftKey && play.lines) {
        toggleLine(sideLine(cursor, dr, dc), MAIN);
        if (play.lines === "edges") return;
      }
      if (r < 0 || c < 0 || r >= rows || c >= cols) return;
      const from = cursor;
      cursor = r * cols + c;
      if (event.shiftKey && !play.lines && !play.digits && board.cells[from] && board.cells[cursor] !== board.cells[from]) {
        const edit = cellEdit(cursor, board.cells[from]);
        if (edit) change([edit]);
      }
      render();
      say(cellLabel(cursor));
      return;
    }
    let done = true;
    if (play.digits && /^[1-9]$/.test(key) && Number(key) <= play.digits) setDigit(cursor, Number(key));
    else if (play.digits && key === "0") setDigit(cursor, BLANK);
    else if (!play.digits && (lower === "f" || key === " ")) toggleCell(cursor, MAIN);
    else if (!play.digits && lower === "x") toggleCell(cursor, AID);
    else if (key === "Backspace" || key === "Delete") { const edit = cellEdit(cursor, BLANK); if (edit && change([edit])) say(cellLabel(cursor)); }
    else if (!play.digits && lower === "m") switchMode();
    else if (lower === "u") takeBack();
    else if (lower === "h") hint();
    else done = false;
    if (done) event.preventDefault();
  });

  function switchMode(to) {
    mode = to || (mode === MAIN ? AID : MAIN);
    $("mode-main").setAttribute("aria-pressed", String(mode === MAIN));
    $("mode-aid").setAttribute("aria-pressed", String(mode === AID));
    say("A click now " + (mode === MAIN ? play.words.main : play.words.aid).toLowerCase() + "s.");
  }

  // ---- the answer file: added to the page only when asked ----
  function withAnswer(then) {
    if (answer) return then();
    P.answerLoaded = (id, found) => { if (id === data.id) { answer = found; then(); } };
    const script = document.createElement("script");
    script.src = data.answer;
    script.onerror = () => say("The answer file " + data.answer + " is missing beside this page.");
    document.head.appendChild(script);
  }

  function showMistakes() {
    withAnswer(() => {
      shownMistakes = true;
      render();
      const n = hintLayer.querySelectorAll(".mistake, .mistake-line").length;
      say(n ? n + (n === 1 ? " mark contradicts" : " marks contradict") + " the answer; they are flagged with a !" : "No mistakes so far.");
    });
  }
  function wrong(part, at) {
    const mine = board[part][at], right = answer.board[part][at];
    if (!mine) return false;
    if (part === "cells" && play.digits) return mine !== right;
    return mine === MAIN ? right !== MAIN : right === MAIN;
  }
  function drawMistakes() {
    hintLayer.textContent = "";
    const s = view.s;
    board.cells.forEach((_, i) => {
      if (!wrong("cells", i)) return;
      const x = view.x0 + (i % cols) * s, y = view.y0 + Math.floor(i / cols) * s;
      el("rect", { x: x + 2, y: y + 2, width: s - 4, height: s - 4, class: "mistake" }, hintLayer);
      el("text", { x: x + s - 8, y: y + 10, class: "bang", "text-anchor": "middle", "dominant-baseline": "central", "font-size": 15 }, hintLayer).textContent = "!";
      cellNodes[i].setAttribute("aria-label", cellLabel(i) + ", a mistake");
    });
    board.lines.forEach((_, e) => {
      if (!wrong("lines", e)) return;
      const [[x1, y1], [x2, y2]] = linePoints(e);
      el("line", { x1, y1, x2, y2, class: "mistake-line" }, hintLayer);
      el("text", { x: (x1 + x2) / 2, y: (y1 + y2) / 2, class: "bang", "text-anchor": "middle", "dominant-baseline": "central", "font-size": 15 }, hintLayer).textContent = "!";
    });
  }

  /* The first fact of the grader's rounds the board does not show: every fact of the rounds before
     it is on the board, so it follows from marks that are right, whatever else is wrong. */
  function nextMove() {
    for (const round of answer.hints)
      for (const move of round) {
        const mark = board[move.p][move.i];
        if (mark === move.m) continue;
        if (!mark && type.implied && type.implied(data, board, move)) continue;
        return move;
      }
    return null;
  }
  function hint() {
    if (solved) return;
    withAnswer(() => {
      const move = nextMove();
      if (!move) { say("Our techniques find nothing more here. Show mistakes compares your board with the answer."); return; }
      const was = board[move.p][move.i];
      aided = true;
      const fixed = was && was !== move.m ? "Your mark there was wrong. " : "";
      if (move.p === "cells") cursor = move.i;
      change([{ part: move.p, at: move.i, to: move.m }]);
      if (!solved) {
        flag(move);
        say("Hint: " + fixed + move.w);
      }
      $("aided").hidden = false;
      save();
    });
  }
  function flag(move) {
    const s = view.s;
    if (move.p === "cells") {
      const x = view.x0 + (move.i % cols) * s, y = view.y0 + Math.floor(move.i / cols) * s;
      el("rect", { x: x + 1, y: y + 1, width: s - 2, height: s - 2, class: "hinted" }, hintLayer);
    } else {
      const [[x1, y1], [x2, y2]] = linePoints(move.i);
      el("line", { x1, y1, x2, y2, class: "hinted-line" }, hintLayer);
    }
  }
  function showAnswer() {
    withAnswer(() => {
      aided = true;
      $("aided").hidden = false;
      const edits = [];
      for (const part of ["cells", "lines"]) answer.board[part].forEach((to, at) => {
        if (board[part][at] !== to) edits.push({ part, at, to });
      });
      change(edits);
      say("This is the answer. Undo takes it back.");
    });
  }
  function check() {
    const failures = R.runChecks(type.checks, data, board);
    if (!failures.length) { say("Solved: every rule holds."); return; }
    const progress = type.progress ? type.progress(data, board) + ". " : "";
    say(progress + "Not yet: " + failures[0].message + ".");
  }
  function restart() {
    const edits = [];
    const fresh = start();
    for (const part of ["cells", "lines"]) board[part].forEach((mark, at) => { if (mark !== fresh[part][at]) edits.push({ part, at, to: fresh[part][at] }); });
    solved = false;
    document.body.classList.remove("solved");
    $("solved").hidden = true;
    change(edits);
    say("The board is clear. Undo brings it back.");
  }

  // ---- controls ----
  const on = (id, what) => { const b = $(id); if (b) b.addEventListener("click", () => { what(); }); };
  on("mode-main", () => switchMode(MAIN));
  on("mode-aid", () => switchMode(AID));
  on("undo", takeBack);
  on("check", check);
  on("mistakes", showMistakes);
  on("hint", hint);
  on("answer", showAnswer);
  on("restart", restart);
  document.querySelectorAll("[data-digit]").forEach((b) => b.addEventListener("click", () => { setDigit(cursor, Number(b.dataset.digit)); svg.focus(); }));

  layout();
  $("time").textContent = clock(seconds);
  if (aided) $("aided").hidden = false;
  showBest();
  judge();
  let width = window.innerWidth;
  window.addEventListener("resize", () => { if (window.innerWidth !== width) { width = window.innerWidth; layout(); } });
  window.Puzzlepress.page = { board: () => board, judge: () => R.runChecks(type.checks, data, board), solved: () => solved };
})();
