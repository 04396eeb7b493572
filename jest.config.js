/** @type {import('jest').Config} */
module.exports = {
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
