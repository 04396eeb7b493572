const { src, dest, parallel } = require('gulp');

// n8n reads node icons from dist/, next to the compiled code.
function buildIcons() {
	return src('icons/**/*.{png,svg}', { encoding: false }).pipe(dest('dist/icons'));
}

// n8n reads a node's codex file (categories, aliases, documentation links) from
// beside its compiled <Name>.node.js: every nodes/**/<Name>.node.json is copied.
function buildCodex() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports['build:icons'] = buildIcons;
exports['build:codex'] = buildCodex;
exports['build:assets'] = parallel(buildIcons, buildCodex);
