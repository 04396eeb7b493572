/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- test code, not node code: it writes a small source tree to a temporary folder */
// scripts/reach.js counts what a reader opens from one file: every file reached through relative
// imports (type-only imports, re-exports and import() too), each once, a module folder as one file
// with all its lines, packages not followed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const { reach, entries } = require('../../scripts/reach.js');

let root: string;

/** Writes `files` (path → lines) under root. */
function tree(files: Record<string, string[]>) {
	for (const [name, lines] of Object.entries(files)) {
		mkdirSync(dirname(join(root, name)), { recursive: true });
		writeFileSync(join(root, name), `${lines.join('\n')}\n`);
	}
}

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'reach-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('scripts/reach.js', () => {
	it('counts the entry and every file its relative imports reach, once each, with their lines', () => {
		tree({
			'op.ts': [
				"import { a } from './a';",
				"import type { T } from './types';",
				"export { b } from './lib/b';",
				"import { NodeOperationError } from 'n8n-workflow';",
				'export const op = a;',
			],
			'a.ts': ["import { b } from './lib/b';", 'export const a = b;'],
			'types.ts': ['export type T = string;'],
			'lib/b.ts': ["import { a } from '../a';", 'export const b = 1;', '// two'],
			'lib/index.ts': ["import { c } from './c';"],
			'unreached.ts': ['export const u = 1;'],
		});
		const result = reach('op.ts', { root, modules: [] });
		expect(result.opened).toEqual([
			{ name: 'a.ts', lines: 2 },
			{ name: 'lib/b.ts', lines: 3 },
			{ name: 'op.ts', lines: 5 },
			{ name: 'types.ts', lines: 1 },
		]);
		expect(result.files).toBe(4);
		expect(result.lines).toBe(11);
		expect(result.unresolved).toEqual([]);
	});

	it("resolves a folder's index.ts and dynamic import(), and names an import it cannot resolve", () => {
		tree({
			'op.ts': [
				"import { lib } from './lib';",
				"const later = import('./later');",
				"import './gone';",
			],
			'lib/index.ts': ['export const lib = 1;'],
			'later.ts': ['export const later = 1;'],
		});
		const result = reach('op.ts', { root, modules: [] });
		expect(result.opened.map((file: { name: string }) => file.name)).toEqual([
			'later.ts',
			'lib/index.ts',
			'op.ts',
		]);
		expect(result.unresolved).toEqual(['op.ts: ./gone']);
	});

	it('counts a module folder as one file with the lines of all its files, and follows their imports', () => {
		tree({
			'op.ts': ["import { read } from './reader/index';"],
			'reader/index.ts': ["import { pages } from './pages';", 'export const read = pages;'],
			'reader/pages.ts': ["import { log } from '../log';", 'export const pages = log;', '// 3'],
			'reader/unused.ts': ['export const unused = 1;'],
			'log.ts': ['export const log = 1;'],
		});
		const result = reach('op.ts', { root, modules: ['reader'] });
		expect(result.opened).toEqual([
			{ name: 'log.ts', lines: 1 },
			{ name: 'op.ts', lines: 1 },
			{ name: 'reader/', lines: 6 },
		]);
		expect(result.files).toBe(3);
		expect(result.lines).toBe(8);
		// Without the module, each of its files that is reached counts.
		expect(reach('op.ts', { root, modules: [] }).files).toBe(4);
	});

	it('measures each operation of the action node by its picker name, then Custom API Call and the triggers', () => {
		tree({
			'nodes/FaxPlus/contactGroup/delete.operation.ts': [
				"export const option = { name: 'Delete', value: 'delete' };",
			],
			'nodes/FaxPlus/fax/send/operation.ts': ["export const option = {\n\tname: 'Send',"],
			'nodes/FaxPlus/fax/send/documents.ts': ['export const documents = 1;'],
			'nodes/FaxPlus/ai/getCredits.operation.ts': ['export const execute = 1;'],
			'nodes/FaxPlus/customApiCall/customApiCall.operation.ts': ['export const call = 1;'],
			'nodes/FaxPlus/shared/display.operation.ts': ['export const notAnOperation = 1;'],
			'nodes/FaxPlusTrigger/webhook.ts': ['export const webhook = 1;'],
		});
		expect(entries(root)).toEqual([
			{ name: 'AI → Get Credits', file: 'nodes/FaxPlus/ai/getCredits.operation.ts' },
			{ name: 'Contact Group → Delete', file: 'nodes/FaxPlus/contactGroup/delete.operation.ts' },
			{ name: 'Fax → Send', file: 'nodes/FaxPlus/fax/send/operation.ts' },
			{ name: 'Custom API Call', file: 'nodes/FaxPlus/customApiCall/customApiCall.operation.ts' },
			{ name: 'Trigger webhook()', file: 'nodes/FaxPlusTrigger/webhook.ts' },
		]);
	});
});
