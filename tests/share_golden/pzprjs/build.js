// Concatenate pzprjs's sources the way its Gruntfile does, with a stand-in for the canvas library
var fs = require("fs");
var files = require(process.cwd() + "/src/pzpr.js").files;
var fc = {en: JSON.parse(fs.readFileSync("src/res/failcode.en.json")), ja: JSON.parse(fs.readFileSync("src/res/failcode.ja.json"))};
var out = "";
files.forEach(function(f) {
  var text;
  if (f.indexOf("node_modules/pzpr-canvas") >= 0) {
    text = "module.exports = {env: {browser: false, node: true}, enable: {canvas: false, svg: false}, document: {}, DOMParser: function(){}, XMLSerializer: function(){}, current: 'svg', start: function(){}};";
  } else {
    text = fs.readFileSync(f, "utf-8");
  }
  text = text.replace("<%= JSON.stringify(langs.failcode_en) %>", JSON.stringify(fc.en))
             .replace("<%= JSON.stringify(langs.failcode_ja) %>", JSON.stringify(fc.ja))
             .replace("<%= git.hash %>", "local");
  out += text + "\n";
});
fs.writeFileSync("dist/js/pzpr.js", out);
