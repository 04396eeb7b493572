'use strict';
// `npm run release -- <patch | minor | major | prerelease | x.y.z>`: starts a release from a clean `main`
// (the first one: `npm run release -- 0.1.0`, the version package.json names).
// What `n8n-node release` does locally (lint, build, bump, changelog, commit, tag), but with this
// repository's hand-written CHANGELOG.md (Keep a Changelog) instead of one generated from commits:
//   1. checks: branch main, a clean working tree, entries under "## [Unreleased]" in CHANGELOG.md;
//   2. npm run lint, npm run build;
//   3. npm version <bump> --no-git-tag-version (package.json and package-lock.json; the same version
//      for the first release);
//   4. CHANGELOG.md: the Unreleased entries become "## [x.y.z] - <today>", an empty Unreleased stays on top;
//   5. a commit "Release x.y.z" and an annotated tag vx.y.z.
// Pushing the tag (`git push --follow-tags`, or --push here) starts .github/workflows/publish.yml, which
// tests, packs and publishes with provenance. Nothing is published from this machine.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const CHANGELOG = path.join(ROOT, 'CHANGELOG.md');
const UNRELEASED = /^## \[Unreleased\][^\n]*\n/m;

/** The repository's https URL, from package.json's `repository`. */
function repositoryUrl(manifest) {
	const url =
		typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
	return String(url ?? '')
		.replace(/^git\+/, '')
		.replace(/\.git$/, '');
}

/**
 * CHANGELOG.md with its Unreleased entries released as `version` on `date`; throws when there are none.
 * The compare links at the bottom follow: [Unreleased] from the new tag, [version] from the tag before.
 */
function releaseChangelog(text, version, date, repoUrl) {
	// The link references ("[x.y.z]: https://...") close the file; the sections come before them.
	const lines = text.trimEnd().split('\n');
	let firstLink = lines.length;
	while (firstLink > 0 && /^\[[^\]]+\]: /.test(lines[firstLink - 1])) firstLink -= 1;
	const body = lines.slice(0, firstLink).join('\n');
	const links = lines.slice(firstLink).filter((line) => !line.startsWith('[Unreleased]: '));

	const heading = UNRELEASED.exec(body);
	if (!heading) throw new Error('CHANGELOG.md has no "## [Unreleased]" section');
	const start = heading.index + heading[0].length;
	const next = body.slice(start).search(/^## \[/m);
	const end = next === -1 ? body.length : start + next;
	const entries = body.slice(start, end).trim();
	if (!entries)
		throw new Error(
			'CHANGELOG.md has nothing under "## [Unreleased]": say what this release changes first',
		);
	if (body.includes(`## [${version}]`))
		throw new Error(`CHANGELOG.md already has a section for ${version}`);
	const previous = /^## \[(\d+\.\d+\.\d+[^\]]*)\]/m.exec(body.slice(end))?.[1];

	const sections = [
		body.slice(0, heading.index).trimEnd(),
		'## [Unreleased]',
		`## [${version}] - ${date}\n\n${entries}`,
		body.slice(end).trim(),
	];
	const newLinks = [
		`[Unreleased]: ${repoUrl}/compare/v${version}...HEAD`,
		previous
			? `[${version}]: ${repoUrl}/compare/v${previous}...v${version}`
			: `[${version}]: ${repoUrl}/releases/tag/v${version}`,
	];
	return `${sections.filter(Boolean).join('\n\n')}\n\n${[...newLinks, ...links].join('\n')}\n`;
}

function run(command, args, options = {}) {
	const result = spawnSync(command, args, {
		cwd: ROOT,
		encoding: 'utf8',
		stdio: options.capture ? 'pipe' : 'inherit',
	});
	if (result.status !== 0)
		throw new Error(
			`${command} ${args.join(' ')} failed${result.stderr ? `: ${result.stderr}` : ''}`,
		);
	return (result.stdout ?? '').trim();
}

function main() {
	const bump = process.argv[2];
	const push = process.argv.includes('--push');
	if (
		!bump ||
		!/^(patch|minor|major|prerelease|prepatch|preminor|premajor|\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?)$/.test(
			bump,
		)
	) {
		console.error(
			'usage: npm run release -- <patch | minor | major | prerelease | x.y.z> [--push]',
		);
		process.exit(2);
	}
	if (process.env.GITHUB_ACTIONS)
		throw new Error(
			'a release starts on a developer machine; CI publishes the tag it pushes (.github/workflows/publish.yml)',
		);
	const branch = run('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { capture: true });
	if (branch !== 'main') throw new Error(`releases are made from main, not ${branch}`);
	if (run('git', ['status', '--porcelain', '--untracked-files=no'], { capture: true }))
		throw new Error('the working tree has uncommitted changes');
	// Fails early, before anything changes, when Unreleased is empty.
	releaseChangelog(
		fs.readFileSync(CHANGELOG, 'utf8'),
		'0.0.0-check',
		'1970-01-01',
		'https://example.invalid',
	);

	run('npm', ['run', 'lint']);
	run('npm', ['run', 'build']);
	// The first release publishes the version package.json already names (npm run release -- 0.1.0).
	if (run('git', ['tag', '--list', `v${bump}`], { capture: true }))
		throw new Error(`v${bump} is tagged already`);
	run('npm', ['version', bump, '--no-git-tag-version', '--allow-same-version'], { capture: true });
	const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const version = manifest.version;
	const date = new Date().toISOString().slice(0, 10);
	fs.writeFileSync(
		CHANGELOG,
		releaseChangelog(fs.readFileSync(CHANGELOG, 'utf8'), version, date, repositoryUrl(manifest)),
	);
	run('git', ['add', 'package.json', 'package-lock.json', 'CHANGELOG.md']);
	run('git', ['commit', '-m', `Release ${version}`]);
	run('git', ['tag', '-a', `v${version}`, '-m', `Release ${version}`]);
	if (push) run('git', ['push', '--follow-tags']);
	console.log(
		push
			? `v${version} pushed: .github/workflows/publish.yml tests and publishes it.`
			: `v${version} tagged. Push it to publish: git push --follow-tags (publish.yml tests and publishes it).`,
	);
}

if (require.main === module) {
	try {
		main();
	} catch (error) {
		console.error(`release: ${error.message}`);
		process.exit(1);
	}
}
module.exports = { releaseChangelog, repositoryUrl };
