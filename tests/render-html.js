// SPDX-License-Identifier: MIT
// Render tracecheck's HTML report in headless Chromium (playwright-core,
// the system's browser) and check the rendered page against the JSON
// report of the same run: every finding is a row with its rule, line,
// severity and message; the records are drawn; a click on a column's
// header sorts; nothing is loaded from anywhere but the file; no console
// errors.  Prints PASS:/FAIL: lines, the load time, and saves a
// full-page screenshot (every <details> open).
//   node render-html.js REPORT.html REPORT.json SCREENSHOT.png [CHROMIUM]
'use strict';
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright-core');

const [html, json, png, exe] = process.argv.slice(2);
let failed = 0;
function check(name, ok, why) {
	console.log((ok ? 'PASS: ' : 'FAIL: ') + name + (ok || !why ? '' : ' (' + why + ')'));
	if (!ok)
		failed = 1;
}

(async () => {
	const report = JSON.parse(fs.readFileSync(json, 'utf8'));
	const browser = await chromium.launch({
		executablePath: exe || '/usr/bin/chromium',
		args: ['--no-sandbox', '--disable-gpu'],
	});
	const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
	const errors = [];
	const foreign = [];
	page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
	page.on('pageerror', (e) => errors.push(String(e)));
	page.on('request', (r) => { if (!r.url().startsWith('file:')) foreign.push(r.url()); });
	const url = 'file://' + path.resolve(html);
	const t0 = Date.now();
	await page.goto(url, { waitUntil: 'load' });
	const ms = Date.now() - t0;
	console.log(`load: ${ms} ms`);

	check('the page has its title', (await page.title()) === 'tracecheck report');

	// every finding of the JSON report is a row of its directory's table
	const rows = await page.$$eval('section table.sortable tbody tr', (trs) => trs.map((tr) => ({
		file: tr.cells[0].textContent,
		line: Number(tr.cells[1].textContent),
		sev: tr.cells[2].textContent,
		rule: tr.cells[3].textContent,
		msg: tr.cells[4].querySelector('summary').textContent,
		where: tr.cells[4].querySelector('div.p').textContent,
	})));
	const want = [];
	for (const f of report.files)
		for (const x of f.findings)
			want.push({ path: f.path.replace(/^(\.\/)+/, ''), ...x });
	check(`${want.length} findings, one row each`, rows.length === want.length,
	      `${rows.length} rows`);
	const missing = want.filter((x) => !rows.some((r) =>
		r.where === `${x.path}:${x.line}:${x.column}` && r.line === x.line &&
		r.sev === x.severity && r.rule === x.rule && r.msg === x.message));
	check('every finding shows its rule, severity, line and message', missing.length === 0,
	      missing.map((x) => `${x.path}:${x.line} ${x.rule}`).join(', '));
	const s = report.summary;
	const summary = await page.$$eval('h2#summary + table tr', (trs) =>
		Object.fromEntries(trs.map((tr) => [tr.cells[0].textContent, Number(tr.cells[1].textContent)])));
	check('the summary counts files, events and findings as the JSON report does',
	      summary['Files checked'] === s.files - s.failed && summary['Files not checked'] === s.failed &&
	      summary.Events === s.events && summary.Findings === s.findings,
	      JSON.stringify(summary));
	const failedFiles = await page.$$eval('table#failed tbody tr td.p', (tds) => tds.map((t) => t.textContent));
	const wantFailed = report.files.filter((f) => f.status === 'failed').map((f) => f.path);
	check('the files not checked are listed', JSON.stringify(failedFiles) === JSON.stringify(wantFailed),
	      JSON.stringify(failedFiles));

	// the records of the layout findings, as SVG
	const recs = await page.$$eval('svg.rec', (svgs) => svgs.map((v) => ({
		title: v.querySelector(':scope > title').textContent,
		caps: Array.from(v.querySelectorAll('text.cap')).map((t) => t.textContent),
		holes: Array.from(v.querySelectorAll('g.hole > title, g.pad > title')).map((t) => t.textContent),
		fields: Array.from(v.querySelectorAll('g.f0 > title, g.f1 > title')).map((t) => t.textContent),
	})));
	const rec = (n) => recs.find((r) => r.title === 'record of ' + n) || { caps: [], holes: [], fields: [] };
	check('a record for each class with a layout finding',
	      recs.map((r) => r.title).sort().join() ===
	      ['tc_html_hole', 'tc_html_ptr', 'tc_html_start', 'tc_html_wide'].map((n) => 'record of ' + n).join(),
	      recs.map((r) => r.title).join());
	check('layout-hole: the hole after flag and the padding at the end are marked',
	      JSON.stringify(rec('tc_html_hole').holes) ===
	      JSON.stringify(['hole: 7 bytes at offset 9', 'padding at the end: 4 bytes at offset 28']),
	      JSON.stringify(rec('tc_html_hole').holes));
	check('layout-hole: each field a segment with its type, offset and size',
	      JSON.stringify(rec('tc_html_hole').fields) === JSON.stringify(['flag: u8, offset 8, size 1',
	      'sector: u64, offset 16, size 8', 'op: u32, offset 24, size 4']),
	      JSON.stringify(rec('tc_html_hole').fields));
	check('layout-abi: the record on x86_64 and on the ABIs where it differs',
	      JSON.stringify(rec('tc_html_ptr').caps) ===
	      JSON.stringify(['x86_64: 40 bytes', 'i386: 32 bytes', 'arm: 40 bytes']),
	      JSON.stringify(rec('tc_html_ptr').caps));
	await page.click('details:has(svg.rec) > summary');
	const box = await page.locator('svg.rec').first().boundingBox();
	check('an opened record is drawn', box && box.width > 200 && box.height > 30, JSON.stringify(box));

	// sorting: the fixture's table by line, both ways, and by rule
	const table = page.locator('section', { has: page.locator('h3', { hasText: 'testdata/html/' }) })
		.locator('table');
	const col = (i) => table.locator('tbody tr').evaluateAll((trs, i) => trs.map((tr) => tr.cells[i].textContent), i);
	const lines0 = (await col(1)).map(Number);
	await table.locator('th', { hasText: 'Line' }).click();
	await table.locator('th', { hasText: 'Line' }).click();
	const desc = (await col(1)).map(Number);
	check('a second click on Line sorts the lines in descending order',
	      desc.length > 1 && JSON.stringify(desc) === JSON.stringify([...lines0].sort((a, b) => b - a)),
	      JSON.stringify(desc));
	await table.locator('th', { hasText: 'Rule' }).click();
	const rules = await col(3);
	check('a click on Rule sorts by rule', JSON.stringify(rules) === JSON.stringify([...rules].sort()) &&
	      rules[0] === 'event-class-consolidation', JSON.stringify(rules));
	check('the sorted column is marked', await table.locator('th', { hasText: 'Rule' }).getAttribute('aria-sort') === 'ascending');

	await page.$$eval('details', (ds) => ds.forEach((d) => { d.open = true; }));
	await page.screenshot({ path: png, fullPage: true });
	check('no console errors or page errors', errors.length === 0, errors.join('; '));
	check('nothing is loaded from outside the file', foreign.length === 0, foreign.join(', '));
	await browser.close();
	process.exit(failed);
})().catch((e) => {
	console.log('FAIL: the page could not be rendered (' + e.message.split('\n')[0] + ')');
	process.exit(1);
});
