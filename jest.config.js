const os = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
	// Jest's default is one worker per core but one; the tests wait on their local servers about as
	// much as they compute, so two cores run two workers.
	maxWorkers: Math.max(2, os.cpus().length - 1),
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/', '/test/browser/'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
	reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
	setupFiles: ['<rootDir>/test/support/env.js'],
	testTimeout: 30000,
};
