// SPDX-License-Identifier: MIT
// Validate SARIF files against the official SARIF 2.1.0 schema (draft-04)
// with ajv 6, then check what GitHub code scanning requires beyond it.
//   NODE_PATH=DIR/node_modules node validate-sarif.js SCHEMA FILE...
// Prints one line per problem; exit status 1 if there is any.
'use strict';
const fs = require('fs');
const Ajv = require('ajv');

const [schemaPath, ...files] = process.argv.slice(2);
const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));
const ajv = new Ajv({ schemaId: 'id', meta: false, allErrors: true, unknownFormats: 'ignore' });
const draft04 = require('ajv/lib/refs/json-schema-draft-04.json');
ajv.addMetaSchema(draft04);
ajv._opts.defaultMeta = draft04.id;
const validate = ajv.compile(schema);
let bad = 0;
const problem = (f, msg) => { console.log(`${f}: ${msg}`); bad++; };

for (const f of files) {
	const doc = JSON.parse(fs.readFileSync(f, 'utf8'));
	if (!validate(doc))
		for (const e of validate.errors)
			problem(f, `schema: ${e.dataPath} ${e.message}`);
	// GitHub's ingestion rules (../shared/reference/anchors.md 4.1)
	for (const run of doc.runs || []) {
		const rules = run.tool.driver.rules || [];
		if (!rules.length) problem(f, 'no rules');
		for (const r of rules) {
			if (!r.help || !r.help.text) problem(f, `rule ${r.id}: no help.text`);
			if (!r.shortDescription || !r.shortDescription.text)
				problem(f, `rule ${r.id}: no shortDescription.text`);
			if (!r.fullDescription || r.fullDescription.text.length > 1024)
				problem(f, `rule ${r.id}: fullDescription missing or over 1024 characters`);
		}
		if ((run.results || []).length > 25000) problem(f, 'more than 25000 results');
		for (const res of run.results || []) {
			if (!res.message || !res.message.text) problem(f, 'a result without message.text');
			const loc = (res.locations || [])[0];
			if (!loc || !loc.physicalLocation.artifactLocation.uri)
				problem(f, 'a result without a location');
			else if (!loc.physicalLocation.region || !loc.physicalLocation.region.startLine)
				problem(f, 'a result without a region');
			if (!res.partialFingerprints || !/^[0-9a-f]+:[0-9]+$/.test(res.partialFingerprints.primaryLocationLineHash || ''))
				problem(f, `result ${res.ruleId}: no primaryLocationLineHash`);
			if (res.ruleIndex !== undefined && rules[res.ruleIndex].id !== res.ruleId)
				problem(f, `result ${res.ruleId}: ruleIndex names another rule`);
		}
	}
}
process.exit(bad ? 1 : 0);
