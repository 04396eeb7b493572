const { src, dest } = require('gulp');

// n8n reads node icons from dist/, next to the compiled code.
function buildIcons() {
	return src('icons/**/*.{png,svg}', { encoding: false }).pipe(dest('dist/icons'));
}

exports['build:icons'] = buildIcons;
