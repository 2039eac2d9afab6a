// Reads Masyu records (JSON lines on stdin), builds each puzzle on a pzprjs board pearl by pearl,
// and prints what pzprjs itself makes of it: its URL, its pzprv3 file, and whether its own answer
// check accepts the stored loop. Run as tests/share_golden/README.md says, with this file in
// place of oracle.js; the test suite never runs it (it must not need node).
var pzpr = require(process.env.PZPR || process.cwd() + "/dist/js/pzpr.js");
var value = {W: 1, B: 2};

require("fs").readFileSync(0, "utf-8").split("\n").filter(Boolean).forEach(function(line) {
  var rec = JSON.parse(line);
  var p = new pzpr.Puzzle();
  p.open("mashu/" + rec.cols + "/" + rec.rows);
  var bd = p.board;
  rec.pearls.forEach(function(row, r) {
    for (var c = 0; c < row.length; c++) { if (value[row[c]]) { bd.getc(2 * c + 1, 2 * r + 1).qnum = value[row[c]]; } }
  });
  bd.rebuildInfo();
  var url = p.getURL().replace("http://pzv.jp/p.html?", "https://puzz.link/p?");
  var file = p.getFileData();
  var check = null;
  if (rec.solution) {
    var loop = rec.solution.loop;
    for (var i = 0; i < loop.length; i++) {
      var a = loop[i], b = loop[(i + 1) % loop.length];
      bd.getb(a[1] + b[1] + 1, a[0] + b[0] + 1).line = 1;
    }
    bd.rebuildInfo();
    check = p.check(true);
  }
  console.log(JSON.stringify({id: rec.id, url: url, pzprv3: file, answer_accepted: check ? check.complete : null, failcode: check ? check.text : null}));
});
