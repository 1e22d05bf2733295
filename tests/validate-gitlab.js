// SPDX-License-Identifier: MIT
// Check a GitLab Code Quality report against the keys GitLab documents
// (doc/ci/testing/code_quality.md): one JSON array, no BOM; each issue has
// description, check_name, fingerprint, severity (info|minor|major|
// critical|blocker), location.path and location.lines.begin (or
// location.positions.begin.line).  Identical fingerprints would collapse
// into one merge-request entry, so they must be unique.
//   node validate-gitlab.js FILE...
'use strict';
const fs = require('fs');
let bad = 0;
const problem = (f, msg) => { console.log(`${f}: ${msg}`); bad++; };
for (const f of process.argv.slice(2)) {
	const text = fs.readFileSync(f, 'utf8');
	if (text.charCodeAt(0) === 0xfeff) problem(f, 'starts with a BOM');
	const doc = JSON.parse(text);
	if (!Array.isArray(doc)) { problem(f, 'not an array'); continue; }
	const seen = new Set();
	doc.forEach((i, n) => {
		for (const k of ['description', 'check_name', 'fingerprint', 'severity'])
			if (typeof i[k] !== 'string' || !i[k]) problem(f, `issue ${n}: no ${k}`);
		if (!['info', 'minor', 'major', 'critical', 'blocker'].includes(i.severity))
			problem(f, `issue ${n}: severity ${i.severity}`);
		const l = i.location || {};
		if (typeof l.path !== 'string' || !l.path) problem(f, `issue ${n}: no location.path`);
		const line = (l.lines && l.lines.begin) || (l.positions && l.positions.begin && l.positions.begin.line);
		if (!Number.isInteger(line) || line < 1) problem(f, `issue ${n}: no begin line`);
		if (seen.has(i.fingerprint)) problem(f, `issue ${n}: fingerprint ${i.fingerprint} repeats`);
		seen.add(i.fingerprint);
	});
}
process.exit(bad ? 1 : 0);
