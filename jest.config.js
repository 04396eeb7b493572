const os = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
	// Jest's default is one worker per core but one; the tests wait on their local servers about as
	// much as they compute, so two cores run two workers.
	maxWorkers: Math.max(2, os.cpus().length - 1),
	// Each test file that runs the node loads its own n8n-core, and part of it stays reachable after
	// the file ends, so a worker's heap grew to 1 GB over 70 files and its garbage collection slowed
	// every later file. A worker past 512 MB after a file is replaced: the whole unit suite takes about
	// a tenth fewer CPU-seconds. With a limit jest runs even a single file in a worker (~0.8 s more).
	workerIdleMemoryLimit: '512MB',
	preset: 'ts-jest',
	// In the checkout (not /tmp, shared by every clone on the machine): removing .cache/ starts cold.
	cacheDirectory: '<rootDir>/.cache/jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/n8n/e2e/', '/test/n8n/browser/'],
	// tsconfig.json's isolatedModules: ts-jest only transpiles each file; the type check of everything,
	// tests included, is tsc's (`types` in npm test and npm run check).
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
	reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
	setupFiles: ['<rootDir>/test/support/env.js'],
	// Only a guard against a test that hangs, never a verdict on speed: a busy machine runs a test
	// many times slower than it runs alone.
	testTimeout: 300000,
};
