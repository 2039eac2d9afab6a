// Runs the web edition's checklists in node: reads [{type, data, board}] as JSON on stdin and
// prints, for each, the failure codes in order (tests/test_web_rules.py compares them with verify's).
"use strict";
const fs = require("fs"), vm = require("vm");
const [rules, ...types] = process.argv.slice(2);
const context = vm.createContext({});
for (const file of [rules, ...types]) vm.runInContext(fs.readFileSync(file, "utf8"), context, { filename: file });
const P = context.Puzzlepress;
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
const found = cases.map((c) => P.rules.runChecks(P.types[c.type].checks, c.data, c.board).map((f) => f.code));
process.stdout.write(JSON.stringify(found));
