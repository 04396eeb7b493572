// Send → Max Pages.
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { runsAsTool } from '../../shared/output';
import { wholeNumber } from '../../shared/values';
import { DEFAULT_MAX_PAGES, TEXT_FIELD } from './description';
import type { FaxDocument } from './documents';
import { pagesOf } from './pageCount';

/**
 * Max Pages: refuses counted documents with more pages, naming the option. A document whose pages
 * cannot be counted here (Word, a URL's text) passes the default, but not a Max Pages the user set,
 * nor an AI agent's send: there the limit must hold. The node's own Text is counted by Fax.Plus only.
 */
export async function checkPages(
	context: IExecuteFunctions,
	itemIndex: number,
	documents: FaxDocument[],
	maxPages: unknown,
): Promise<number | undefined> {
	const set = maxPages !== undefined && maxPages !== '';
	const limit = set ? wholeNumber(context, itemIndex, maxPages, 'Max Pages') : DEFAULT_MAX_PAGES;
	let pages = 0;
	let allCounted = true;
	for (const document of documents) {
		const counted = await pagesOf(document);
		if (counted !== undefined) {
			pages += counted;
			continue;
		}
		allCounted = false;
		if (document.field === TEXT_FIELD || !(set || runsAsTool(context))) continue;
		throw new NodeOperationError(
			context.getNode(),
			`Max Pages: the pages of "${document.fileName}" cannot be counted before sending`,
			{
				itemIndex,
				description: `Nothing was sent. Max Pages counts PDF, TIFF and image pages; Fax.Plus counts other documents only once they are sent. Convert the document to PDF first${runsAsTool(context) ? '' : ', or remove Max Pages under Options to send it uncounted'}.`,
			},
		);
	}
	// The counted documents alone may exceed it, whatever the others have.
	if (pages <= limit) return documents.length > 0 && allCounted ? pages : undefined;
	throw new NodeOperationError(
		context.getNode(),
		`The documents have ${allCounted ? '' : 'at least '}${pages} pages, more than Max Pages (${limit})`,
		{
			itemIndex,
			description: `Nothing was sent. To fax them, raise Max Pages under Options to at least ${pages}; otherwise check that the right file is mapped.`,
		},
	);
}
