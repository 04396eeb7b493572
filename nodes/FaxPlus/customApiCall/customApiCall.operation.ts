// Custom API Call: any request below the credential's Base URL, through the package's transport.
// `customApiCallResource` is its resource (the node's resource list writes its entry) and
// `customApiCall` its one operation; the helpers below read the request's parts.
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { ANSWER_CAPS } from '../../shared/transport/answers';
import { operationError } from '../../shared/transport/nodeErrors';
import { checkedCustomPath } from '../../shared/transport/customPath';
import { DOWNLOADS_AT_ONCE } from '../shared/nodeOptions';
import { apiDownload, apiRequest } from '../shared/requests';
import { outputBinaryField, outputFieldOf } from '../shared/outputFile';
import { requiredString } from '../shared/values';
import type { FaxPlusOperation } from '../shared/types';
import { updateDisplayOptions, docsLink } from '../shared/display';
import { resourceOf } from '../shared/pickers';

/** Custom API Call's value, as a resource and as its one operation. */
export const CUSTOM_API_CALL = 'customApiCall';

/** The resource's one operation: named as n8n's own, it also keeps n8n from adding its own after it. */
const customApiCallOption: INodePropertyOptions = {
	name: 'Custom API Call',
	value: CUSTOM_API_CALL,
	action: 'Make a custom API call',
	description:
		"Send a request to any Fax.Plus endpoint below the credential's Base URL, e.g. one no operation covers",
};

const METHODS: IHttpRequestMethods[] = ['DELETE', 'GET', 'PATCH', 'POST', 'PUT'];
const WITH_BODY = ['PATCH', 'POST', 'PUT'];

const show = { resource: [CUSTOM_API_CALL], operation: [CUSTOM_API_CALL] };

const fields: INodeProperties[] = [
	{
		displayName: `Sends any request below the credential's Base URL, with its token. Fax.Plus's ${docsLink('operations.md#custom-api-call', 'API reference')} lists the paths; lists are not paged for you.`,
		name: 'customApiCallNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Method',
		name: 'method',
		type: 'options',
		options: METHODS.map((method) => ({ name: method, value: method })),
		default: 'GET',
		description: 'The HTTP method of the request',
	},
	{
		displayName: 'Path',
		name: 'path',
		type: 'string',
		default: '',
		required: true,
		placeholder: '/accounts/self',
		description:
			"The path after the credential's Base URL (https://restapi.fax.plus/v3), e.g. /accounts/self/files",
	},
	{
		displayName: 'Query Parameters',
		name: 'queryParameters',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Parameter',
		default: {},
		description: 'The query string, one name and value at a time',
		options: [
			{
				displayName: 'Parameter',
				name: 'parameters',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	},
	{
		displayName: 'Send Binary File',
		name: 'sendBinaryFile',
		type: 'boolean',
		default: false,
		description:
			'Whether to upload a file of the input item as multipart form data, not a JSON body',
		displayOptions: { show: { method: WITH_BODY } },
	},
	{
		displayName: 'JSON Body',
		name: 'jsonBody',
		type: 'json',
		default: '',
		description: 'The request body as JSON; empty sends none',
		displayOptions: { show: { method: WITH_BODY, sendBinaryFile: [false] } },
	},
	{
		displayName: 'Input Binary Field',
		name: 'inputBinaryField',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field holding the file to upload',
		displayOptions: { show: { method: WITH_BODY, sendBinaryFile: [true] } },
	},
	{
		displayName: 'Upload Field Name',
		name: 'uploadFieldName',
		type: 'string',
		default: 'fax_file',
		required: true,
		description:
			"The name of the form field the file goes in (Fax.Plus's file upload takes fax_file)",
		displayOptions: { show: { method: WITH_BODY, sendBinaryFile: [true] } },
	},
	{
		displayName: 'Response as File',
		name: 'responseAsFile',
		type: 'boolean',
		default: false,
		description:
			'Whether the answer is a file (e.g. a fax document) to put in a binary field, not JSON',
	},
	{ ...outputBinaryField('file'), displayOptions: { show: { responseAsFile: [true] } } },
];

export const customApiCall: FaxPlusOperation = {
	option: customApiCallOption,
	description: updateDisplayOptions({ show }, fields),
	toolDescription:
		"Send any request to the Fax.Plus API (method, path below the API's address, query, JSON body). It can read, change, delete or buy anything the token may. Returns Fax.Plus's answer as JSON.",
	maxItemsAtOnce: DOWNLOADS_AT_ONCE,
	// Any path, so any risk: an agent runs it only where the author allows.
	agentRisk: { kind: 'changes' },
	execute,
};

/** The resource list's last entry, whose one operation is the call. */
export const customApiCallResource = resourceOf(CUSTOM_API_CALL, CUSTOM_API_CALL, {
	customApiCall,
});

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const method = methodOf(this, itemIndex);
	const path = checkedCustomPath(this, this.getNodeParameter('path', itemIndex, ''), itemIndex);
	const qs = queryOf(this, itemIndex);
	const withBody = WITH_BODY.includes(method);
	const upload = withBody && this.getNodeParameter('sendBinaryFile', itemIndex, false) === true;
	let body: FormData | IDataObject | undefined;
	if (upload) body = await uploadOf(this, itemIndex);
	else if (withBody) body = jsonBodyOf(this, itemIndex);
	const request = {
		method,
		path,
		itemIndex,
		customApiCall: true as const,
		...(qs && { qs }),
		...(body && { body }),
	};
	if (this.getNodeParameter('responseAsFile', itemIndex, false) !== true)
		return itemsOf(await apiRequest<unknown>(this, request));
	const output = outputFieldOf(this, itemIndex);
	const { data, contentType } = await apiDownload(this, request);
	const fileName = path.slice(path.lastIndexOf('/') + 1);
	const binary = await this.helpers.prepareBinaryData(data, fileName, contentType);
	const input = this.getInputData()[itemIndex];
	return [
		{
			json: { method, path, fileName, mimeType: binary.mimeType, fileSizeBytes: data.length },
			binary: { ...input?.binary, [output]: binary },
		},
	];
}

function methodOf(context: IExecuteFunctions, itemIndex: number): IHttpRequestMethods {
	const method = String(context.getNodeParameter('method', itemIndex, 'GET')).toUpperCase();
	if ((METHODS as string[]).includes(method)) return method as IHttpRequestMethods;
	throw operationError(context, {
		itemIndex,
		message: `Method "${method.slice(0, 20)}" is not one the API takes`,
		description: `Choose one of ${METHODS.join(', ')} in "Method".`,
	});
}

function queryOf(context: IExecuteFunctions, itemIndex: number): IDataObject | undefined {
	const collection = context.getNodeParameter('queryParameters', itemIndex, {}) as IDataObject;
	const pairs = (collection.parameters ?? []) as Array<{ name?: unknown; value?: unknown }>;
	const query: IDataObject = {};
	for (const { name, value } of pairs) {
		const key = String(name ?? '').trim();
		if (key === '') {
			throw operationError(context, {
				itemIndex,
				message: 'A query parameter under "Query Parameters" has no name',
				description: 'Give each query parameter a name, or remove it.',
			});
		}
		query[key] = String(value ?? '');
	}
	return Object.keys(query).length > 0 ? query : undefined;
}

function jsonBodyOf(context: IExecuteFunctions, itemIndex: number): IDataObject | undefined {
	const raw = context.getNodeParameter('jsonBody', itemIndex, '') as unknown;
	if (raw !== null && typeof raw === 'object') return raw as IDataObject;
	const text = String(raw ?? '').trim();
	if (text === '') return undefined;
	const refuse = (reason: string) =>
		operationError(context, {
			itemIndex,
			message: `JSON Body ${reason}, so no request was sent`,
			description:
				'Write the body as JSON, e.g. {"name": "Sales"}, or leave JSON Body empty to send none.',
		});
	if (text.length > ANSWER_CAPS.json) throw refuse(`is longer than ${ANSWER_CAPS.json} characters`);
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch {
		throw refuse('is not valid JSON');
	}
	if (body === null || typeof body !== 'object') throw refuse('is not a JSON object or list');
	return body as IDataObject;
}

/** The input item's file as multipart form data under the upload field's name. */
async function uploadOf(context: IExecuteFunctions, itemIndex: number): Promise<FormData> {
	const field = requiredString(context, 'inputBinaryField', 'Input Binary Field', itemIndex);
	const formField = requiredString(context, 'uploadFieldName', 'Upload Field Name', itemIndex);
	const available = Object.keys(context.getInputData()[itemIndex]?.binary ?? {});
	if (!available.includes(field)) {
		throw operationError(context, {
			itemIndex,
			message: `Input Binary Field: the input item has no binary field "${field}"`,
			description: available.length
				? `The item's binary fields are: ${available.join(', ')}. Use one of these names.`
				: 'The input item carries no files: read or download the file in an earlier node.',
		});
	}
	const binary = context.helpers.assertBinaryData(itemIndex, field);
	const data = await context.helpers.getBinaryDataBuffer(itemIndex, field);
	const form = new FormData();
	const type = binary.mimeType || 'application/octet-stream';
	// A name without an extension (a webhook's raw body gets a UUID) gets its type's: Fax.Plus reads the type from it.
	const name = binary.fileName || field;
	const extension = binary.fileExtension?.replace(/[^a-z0-9]/gi, '').slice(0, 10);
	const fileName = /\.[a-z0-9]{1,10}$/i.test(name) || !extension ? name : `${name}.${extension}`;
	form.append(formField, new Blob([data], { type }), fileName);
	return form;
}

/** Each record of a list answer its own item; any other answer one item (a bare value under `data`). */
function itemsOf(answer: unknown): INodeExecutionData[] {
	const isRecord = (value: unknown) =>
		value !== null && typeof value === 'object' && !Array.isArray(value);
	if (answer === undefined) return [{ json: {} }];
	if (isRecord(answer)) return [{ json: answer as IDataObject }];
	if (Array.isArray(answer) && answer.every(isRecord))
		return answer.map((json) => ({ json: json as IDataObject }));
	return [{ json: { data: answer as IDataObject[] } }];
}
