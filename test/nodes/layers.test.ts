/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The house's layers, read from the source tree: each folder imports only its own files and the
// layers below it. A resource folder of the action node never imports another resource's.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '../..');

/** What each layer may import besides itself, from the top down. */
const MAY_IMPORT: Record<string, string[]> = {
	'FaxPlus node': ['resource', 'FaxPlus/shared', 'api', 'transport', 'phone', 'logging', 'n8n'],
	resource: ['FaxPlus/shared', 'api', 'transport', 'phone', 'logging', 'n8n', 'documentReader'],
	'FaxPlus/shared': ['api', 'transport', 'phone', 'logging', 'n8n'],
	'trigger node': ['triggers', 'api', 'transport', 'phone', 'logging', 'n8n'],
	triggers: ['api', 'transport', 'phone', 'logging', 'n8n'],
	// The Fax.Plus API's readers, on the transport.
	api: ['transport', 'phone', 'logging', 'n8n'],
	// The only place that talks HTTP.
	transport: ['logging', 'n8n'],
	phone: [],
	logging: ['n8n'],
	// What the package relies on of n8n beyond its typed contracts: it imports nothing of ours.
	n8n: [],
	// What a document is and its pages: it imports nothing of ours.
	documentReader: [],
	// The PAT credential adds its token only where the transport sends it (transport/addresses.ts, tokenScope.ts).
	credentials: ['transport', 'n8n'],
};

/** The layer of a source file, and its folder (two files of one resource share it). */
function placeOf(file: string): { layer: string; folder: string } {
	const [top, second, third] = relative(ROOT, file).split('/');
	if (top === 'credentials') return { layer: 'credentials', folder: top };
	if (second === 'FaxPlus') {
		if (third === 'shared') return { layer: 'FaxPlus/shared', folder: 'FaxPlus/shared' };
		// The node's methods (listSearch) are the node's: they read every resource.
		if (third === 'methods') return { layer: 'FaxPlus node', folder: 'FaxPlus' };
		if (statSync(join(ROOT, top, second, third)).isDirectory())
			return { layer: 'resource', folder: `FaxPlus/${third}` };
		return { layer: 'FaxPlus node', folder: 'FaxPlus' };
	}
	if (second === 'shared') return { layer: third, folder: `shared/${third}` };
	if (second === 'FaxPlusTrigger' || second === 'FaxPlusPollTrigger')
		return { layer: 'trigger node', folder: second };
	return { layer: second, folder: second };
}

function sources(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return sources(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

/** A relative import as the file it names (a folder names its index.ts). */
function target(from: string, specifier: string): string {
	const path = resolve(dirname(from), specifier);
	for (const candidate of [`${path}.ts`, join(path, 'index.ts'), path]) {
		if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
	}
	throw new Error(`${relative(ROOT, from)} imports ${specifier}, which does not exist`);
}

/** Whether a file may import what a relative specifier names: its own folder, or a layer below. */
function mayImport(file: string, specifier: string): boolean {
	const from = placeOf(file);
	const to = placeOf(target(file, specifier));
	return to.folder === from.folder || MAY_IMPORT[from.layer].includes(to.layer);
}

/** Every import that crosses the layers the wrong way, as "file → specifier". */
function wrongImports(files: string[]): string[] {
	return files.flatMap((file) =>
		[...readFileSync(file, 'utf8').matchAll(/(?:from|import|require)\s*\(?\s*'(\.{1,2}\/[^']*)'/g)]
			.filter((match) => !mayImport(file, match[1]))
			.map((match) => `${relative(ROOT, file)} → ${match[1]}`),
	);
}

/** A use of one of n8n's request helpers. */
const REQUEST_HELPER =
	/helpers\s*\.\s*(?:httpRequest|httpRequestWithAuthentication|requestWithAuthentication|requestOAuth[12]|request)\b/;

/** Every file outside the transport that uses one of n8n's request helpers. */
const requestsOutsideTransport = (files: string[]): string[] =>
	files
		.filter((file) => placeOf(file).layer !== 'transport')
		.filter((file) => REQUEST_HELPER.test(readFileSync(file, 'utf8')))
		.map((file) => relative(ROOT, file));

describe('the layers of the source tree', () => {
	const files = [...sources(join(ROOT, 'nodes')), ...sources(join(ROOT, 'credentials'))];

	it('places every source file in a known layer', () => {
		expect(files.length).toBeGreaterThan(100);
		const unknown = files.filter((file) => !(placeOf(file).layer in MAY_IMPORT));
		expect(unknown.map((file) => relative(ROOT, file))).toEqual([]);
	});

	it('has no resource folder import another, and no layer import one above it', () => {
		expect(wrongImports(files)).toEqual([]);
	});

	it('sends HTTP only from the transport', () => {
		expect(requestsOutsideTransport(files)).toEqual([]);
		// Positive control: the same pattern finds the transport's requests.
		const transport = files.filter((file) => placeOf(file).layer === 'transport');
		expect(
			transport
				.filter((file) => REQUEST_HELPER.test(readFileSync(file, 'utf8')))
				.map((file) => relative(ROOT, file)),
		).toEqual(['nodes/shared/transport/outsideFetch.ts', 'nodes/shared/transport/transport.ts']);
	});

	it('finds an import of another resource, and one that goes up (positive controls)', () => {
		// The files below exist; what they are made to import here is what the check must catch.
		const check = (file: string, specifier: string) => mayImport(join(ROOT, file), specifier);
		expect(check('nodes/FaxPlus/outbox/update.operation.ts', '../fax/send/operation')).toBe(false);
		expect(check('nodes/FaxPlus/shared/values.ts', '../fax/Fax.resource')).toBe(false);
		expect(check('nodes/shared/transport/transport.ts', '../../FaxPlus/shared/values')).toBe(false);
		expect(check('nodes/shared/transport/transport.ts', '../api/accountLists')).toBe(false);
		expect(check('nodes/shared/logging/log.ts', '../transport/transport')).toBe(false);
		expect(
			check('nodes/shared/transport/transport.ts', '../../../credentials/FaxPlusApi.credentials'),
		).toBe(false);
		expect(check('nodes/shared/documentReader/index.ts', '../../FaxPlus/fax/send/documents')).toBe(
			false,
		);
		// And lets the right ones through.
		expect(check('nodes/FaxPlus/outbox/update.operation.ts', '../shared/values')).toBe(true);
		expect(check('nodes/FaxPlus/fax/send/operation.ts', '../shared/sentFaxes')).toBe(true);
		expect(
			check('credentials/FaxPlusApi.credentials.ts', '../nodes/shared/transport/tokenScope'),
		).toBe(true);
	});
});
