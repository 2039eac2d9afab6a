// Slitherlink records in, pzprjs's own verdicts out (never run by the test suite, which must not
// need node). Reads one record a line on stdin; builds the puzzle on a pzprjs board number by
// number, prints pzprjs's URL and pzprv3 file, then draws the stored answer's loop edge by edge
// and prints whether pzprjs's answer check accepts it. See README.md beside this file.
var pzpr = require(process.env.PZPR || process.cwd() + "/dist/js/pzpr.js");

require("fs").readFileSync(0, "utf-8").split("\n").filter(Boolean).forEach(function(line) {
  var rec = JSON.parse(line);
  var p = new pzpr.Puzzle();
  p.open("slither/" + rec.cols + "/" + rec.rows);
  var bd = p.board;
  rec.clues.forEach(function(row, r) {
    row.forEach(function(n, c) { if (n !== null) { bd.getc(2 * c + 1, 2 * r + 1).qnum = n; } });
  });
  bd.rebuildInfo();
  var url = p.getURL().replace("http://pzv.jp/p.html?", "https://puzz.link/p?");
  var file = p.getFileData();
  var verdict = null;
  if (rec.solution) {
    rec.solution.forEach(function(text, y) {
      for (var x = 0; x < text.length; x++) {
        if (text[x] === "-" || text[x] === "|") { bd.getb(x, y).line = 1; }
      }
    });
    bd.rebuildInfo();
    var check = p.check(true);
    verdict = {complete: check.complete, text: check.text};
  }
  console.log(JSON.stringify({id: rec.id, url: url, pzprv3: file, answer: verdict}));
});
