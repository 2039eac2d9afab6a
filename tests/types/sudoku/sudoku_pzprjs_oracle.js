// Reads Sudoku records (JSON lines on stdin), builds each puzzle on a pzprjs board cell by cell,
// and prints what pzprjs itself makes of it: its URL, its pzprv3 file, and whether pzprjs's own
// answer check accepts the stored answer (and, for a record with "broken": true, its failure).
// Run from a pzprjs checkout built as tests/share_golden/README.md says; see README.md here.
var pzpr = require(process.env.PZPR || process.cwd() + "/dist/js/pzpr.js");

function build(rec) {
  var p = new pzpr.Puzzle();
  p.open("sudoku/" + rec.cols + "/" + rec.rows);
  rec.givens.forEach(function(row, r) {
    for (var c = 0; c < row.length; c++) {
      if (row[c] !== ".") { p.board.getc(2 * c + 1, 2 * r + 1).qnum = +row[c]; }
    }
  });
  p.board.rebuildInfo();
  return p;
}

function answer(p, rec) {
  rec.solution.forEach(function(row, r) {
    for (var c = 0; c < row.length; c++) {
      if (rec.givens[r][c] === "." && row[c] !== ".") { p.board.getc(2 * c + 1, 2 * r + 1).anum = +row[c]; }
    }
  });
  p.board.rebuildInfo();
}

require("fs").readFileSync(0, "utf-8").split("\n").filter(Boolean).forEach(function(line) {
  var rec = JSON.parse(line);
  var p = build(rec);
  var url = p.getURL().replace("http://pzv.jp/p.html?", "https://puzz.link/p?");
  var file = p.getFileData();
  var check = null;
  if (rec.solution) { answer(p, rec); check = p.check(true); }
  console.log(JSON.stringify({
    id: rec.id, url: url, pzprv3: file,
    answer_accepted: check ? check.complete : null, failcode: check && !check.complete ? check[0] : null
  }));
});
