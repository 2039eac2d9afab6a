// Reads puzzlepress records (JSON lines on stdin), builds each puzzle on a pzprjs board piece by
// piece, and prints what pzprjs itself makes of it: its URL, its pzprv3 file, and whether pzprjs's
// own answer check accepts the stored answer.
var pzpr = require(process.env.PZPR || process.cwd() + "/dist/js/pzpr.js");
var genres = {nonogram: "nonogram", nuritwin: "nuritwin", kuralin: "kurarin"};
var dotValue = {black: 1, grey: 2, white: 3};

function build(rec) {
  var p = new pzpr.Puzzle();
  p.open(genres[rec.type] + "/" + rec.cols + "/" + rec.rows);
  var bd = p.board;
  if (rec.type === "nonogram") {
    rec.col_clues.forEach(function(clue, c) {
      clue.slice().reverse().forEach(function(n, k) { bd.getex(2 * c + 1, -2 * k - 1).qnum = n; });
    });
    rec.row_clues.forEach(function(clue, r) {
      clue.slice().reverse().forEach(function(n, k) { bd.getex(-2 * k - 1, 2 * r + 1).qnum = n; });
    });
  } else if (rec.type === "nuritwin") {
    for (var r = 0; r < rec.rows; r++) {
      for (var c = 0; c < rec.cols; c++) {
        if (c + 1 < rec.cols && rec.regions[r][c] !== rec.regions[r][c + 1]) { bd.getb(2 * c + 2, 2 * r + 1).ques = 1; }
        if (r + 1 < rec.rows && rec.regions[r][c] !== rec.regions[r + 1][c]) { bd.getb(2 * c + 1, 2 * r + 2).ques = 1; }
        if (rec.clues[r][c] !== null) { bd.getc(2 * c + 1, 2 * r + 1).qnum = rec.clues[r][c]; }
      }
    }
  } else {
    rec.circles.forEach(function(circle) {
      var rs = circle.cells.map(function(x) { return x[0]; }), cs = circle.cells.map(function(x) { return x[1]; });
      var y = Math.min.apply(null, rs) + Math.max.apply(null, rs) + 1, x = Math.min.apply(null, cs) + Math.max.apply(null, cs) + 1;
      bd.getDot(x, y).piece.qnum = dotValue[circle.kind];
    });
  }
  bd.rebuildInfo();
  return p;
}

function answer(p, rec) {
  var bd = p.board;
  if (!rec.solution) { return; }
  var picture = rec.type === "kuralin" ? rec.solution.cells : rec.solution;
  if (!picture) { return; }
  picture.forEach(function(row, r) {
    for (var c = 0; c < row.length; c++) { if (row[c] === "#") { bd.getc(2 * c + 1, 2 * r + 1).qans = 1; } }
  });
  if (rec.type === "kuralin") {
    var loop = rec.solution.loop;
    for (var i = 0; i < loop.length; i++) {
      var a = loop[i], b = loop[(i + 1) % loop.length];
      bd.getb(a[1] + b[1] + 1, a[0] + b[0] + 1).line = 1;
    }
  }
  bd.rebuildInfo();
}

require("fs").readFileSync(0, "utf-8").split("\n").filter(Boolean).forEach(function(line) {
  var rec = JSON.parse(line);
  var p = build(rec);
  var url = p.getURL().replace("http://pzv.jp/p.html?", "https://puzz.link/p?");
  var file = p.getFileData();
  answer(p, rec);
  var check = rec.solution ? p.check(true) : null;
  console.log(JSON.stringify({id: rec.id, url: url, pzprv3: file, answer_accepted: check ? check.complete : null, failcode: check ? check.text : null}));
});
