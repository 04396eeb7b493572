const os = require('node:os');

/**
 * The test files `npm run check` leaves to `npm test`: each costs several CPU-seconds or more, most
 * of them in work no edit outside their module changes (large documents read or fetched, the
 * document reader's adversaries, a lint, packs). Everything else is the loop's (PROOF: neither's).
 */
const HEAVY = [
	// The document reader: grown PDFs of 20 to 150 MB, crafted PDFs and the encrypted fixtures
	// against pdf.js, and page counts over the producers' fixtures with their cost comparisons.
	'test/nodes/shared/documentReader/pageCount.test.ts',
	'test/nodes/shared/documentReader/pdfAdversary.test.ts',
	'test/nodes/shared/documentReader/pdfCrafted.test.ts',
	'test/nodes/shared/documentReader/pdfLarge.test.ts',
	// The written check (pdf.js, poppler, mupdf, qpdf on each PDF the node writes): issue 101's and
	// issue 105's classes. It needs the Debian readers, which npm test installs before this stage.
	'test/nodes/shared/documentReader/writtenClasses.test.ts',
	// 130 MB of list pages read and parsed; 150 MB fetched from a URL, on disk and in memory.
	'test/nodes/shared/transport/answers.large.test.ts',
	'test/nodes/FaxPlus/fax/send/operation.sources.large.test.ts',
	'test/nodes/FaxPlus/fax/send/documentUrls.memoryMode.test.ts',
	// ESLint in a child process over the loaded descriptions, which the loop's
	// descriptionSnapshot.test.ts pins property by property; the release script's packs.
	'test/nodes/descriptionLint.test.ts',
	'test/scripts/release.test.ts',
	// Two builds of the package, the demo's and npm run build's, compared.
	'test/scripts/demo-build.dist.test.ts',
];
/**
 * The document reader's proof (issue 105), a stage of its own in `npm test` ('reader proof'): the
 * written check over the fuzzer's seeded mutants and over the public corpus, each file read by
 * pdf.js, poppler, mupdf and qpdf, and the adversary floods. Neither the loop nor the unit stage
 * runs it: the reader's tests there stay within 60 CPU-seconds.
 */
const PROOF = [
	// The adversary floods (a TIFF of 8,000 colliding directories, 150 MB streams, 300,000 streams,
	// 3,000-page trees hashed into one bucket): the reader's bounds, each costing seconds of CPU.
	'test/nodes/shared/documentReader/readerAdversary.test.ts',
	'test/nodes/shared/documentReader/fuzz.test.ts',
	'test/nodes/shared/documentReader/pdfCorpus.test.ts',
	// The PDFs people fax, made by mutool, PyMuPDF, iText 5 (a JVM), pdfsig, @signpdf and SANE.
	'test/nodes/shared/documentReader/pdfPeople.test.ts',
];
const escaped = (file) => `<rootDir>/${file}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const IGNORED = ['/node_modules/', '/test/n8n/e2e/', '/test/n8n/browser/'];

/** What the two projects share: they differ only in which files they run. */
const project = {
	preset: 'ts-jest',
	// In the checkout (not /tmp, shared by every clone on the machine): removing .cache/ starts cold.
	cacheDirectory: '<rootDir>/.cache/jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// tsconfig.json's isolatedModules: ts-jest only transpiles each file; the type check of everything,
	// tests included, is tsc's (`types` in npm test and npm run check).
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
	setupFiles: ['<rootDir>/test/support/env.js'],
};

/**
 * Two projects: `unit`, the loop's (`npm run check` runs `--selectProjects unit`), and `heavy`, the
 * HEAVY files; `npm test` and `npm run test:unit` run both.
 * @type {import('jest').Config}
 */
module.exports = {
	// Jest's default is one worker per core but one; the tests wait on their local servers about as
	// much as they compute, so two cores run two workers.
	maxWorkers: Math.max(2, os.cpus().length - 1),
	// Each test file that runs the node loads its own n8n-core, and part of it stays reachable after
	// the file ends, so a worker's heap grew to 1 GB over 70 files and its garbage collection slowed
	// every later file. A worker past 512 MB after a file is replaced: the whole unit suite takes about
	// a tenth fewer CPU-seconds. With a limit jest runs even a single file in a worker (~0.8 s more).
	workerIdleMemoryLimit: '512MB',
	projects: [
		{
			...project,
			displayName: 'unit',
			testPathIgnorePatterns: [...IGNORED, ...HEAVY.map(escaped), ...PROOF.map(escaped)],
		},
		{
			...project,
			displayName: 'heavy',
			testMatch: HEAVY.map((file) => `<rootDir>/${file}`),
			testPathIgnorePatterns: IGNORED,
		},
		{
			...project,
			displayName: 'proof',
			testMatch: PROOF.map((file) => `<rootDir>/${file}`),
			testPathIgnorePatterns: IGNORED,
		},
	],
	reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
	// Only a guard against a test that hangs, never a verdict on speed: a busy machine runs a test
	// many times slower than it runs alone.
	testTimeout: 300000,
};
// Not enumerable: jest warns of every key of its configuration it does not know.
Object.defineProperty(module.exports, 'HEAVY', { value: HEAVY });
Object.defineProperty(module.exports, 'PROOF', { value: PROOF });
