// The API's errors reach the user as the error catalogue words them, whichever operation asked:
// one table of operations against the local server, each refused by Fax.Plus itself (an ID it
// does not know, a token without scopes), the status kept as the error's httpCode. What each
// status and case says is the catalogue's own test (errorCatalogue.test.ts).
import type { IDataObject } from 'n8n-workflow';
import { apiRequests, runOk, runOperation, useFaxPlusServer } from '../../../support/faxplus';

const fax = (operation: string, extra: IDataObject = {}) => ({
	resource: 'fax',
	operation,
	userId: 'self',
	...extra,
});

/** Operations on one fax: Fax.Plus answers 400 bad_request for a fax it does not know. */
const ON_ONE_FAX: IDataObject[] = [
	fax('get'),
	fax('update', { updateFields: { isRead: true } }),
	fax('download'),
	fax('downloadReport'),
	fax('downloadThumbnail'),
	fax('getOcr'),
	fax('requestOcr'),
	fax('getFieldExtraction'),
	fax('requestFieldExtraction'),
];

/** Reads a token without scopes may not make: Fax.Plus answers 403 insufficient_scope. */
const READS: IDataObject[] = [
	{ resource: 'ai', operation: 'getCredits' },
	{ resource: 'ai', operation: 'getAllCustomFields' },
	fax('downloadThumbnail', { faxId: 'fax_1' }),
	{ resource: 'number', operation: 'getAll', userId: 'self' },
	{ resource: 'outbox', operation: 'getAll', userId: 'self' },
];

const name = (parameters: IDataObject) =>
	`${String(parameters.resource)}.${String(parameters.operation)}`;

describe('API errors, as the catalogue words them, for every operation', () => {
	const server = useFaxPlusServer();

	it.each(ON_ONE_FAX.map((parameters) => [name(parameters), parameters]))(
		'%s: an unknown fax is the API error bad_request (400), after one request',
		async (_name, parameters) => {
			const { error, items } = await runOperation(server(), { ...parameters, faxId: 'fax_404' });
			expect(error?.httpCode).toBe('400');
			expect(error?.message).toMatch(/bad_request: Requested resource was not found: fax fax_404/);
			expect(items).toEqual([]);
			expect(apiRequests(server())).toHaveLength(1);
		},
	);

	it.each(READS.map((parameters) => [name(parameters), parameters]))(
		'%s: a token without scopes is the API error insufficient_scope (403)',
		async (_name, parameters) => {
			const { error } = await runOperation(server(), parameters, {
				token: server().tokens.patNoScopes,
			});
			expect(error?.httpCode).toBe('403');
			expect(error?.message).toMatch(/insufficient_scope/);
		},
	);

	it.each(
		[...ON_ONE_FAX.map((parameters) => ({ ...parameters, faxId: 'fax_1' })), ...READS].map(
			(parameters) => [name(parameters), parameters],
		),
	)(
		'%s: the same request with a known ID and a full token succeeds (positive control)',
		async (_name, parameters) => {
			await runOk(server(), parameters as IDataObject);
		},
	);
});
