import * as deleteOperation from './delete.operation';
import * as download from './download.operation';
import * as downloadReport from './downloadReport.operation';
import * as downloadThumbnail from './downloadThumbnail.operation';
import * as extract from './extract.operation';
import * as get from './get.operation';
import * as getFieldExtraction from './getFieldExtraction.operation';
import * as getAll from './getAll.operation';
import * as getOcr from './getOcr.operation';
import * as getStatus from './getStatus.operation';
import * as requestFieldExtraction from './requestFieldExtraction.operation';
import * as requestOcr from './requestOcr.operation';
import * as send from './send/operation';
import * as update from './update.operation';
import * as updateFieldExtraction from './updateFieldExtraction.operation';
import { resourceOf } from '../shared/pickers';

export const { operations, description } = resourceOf('fax', 'send', {
	delete: deleteOperation,
	download,
	downloadReport,
	downloadThumbnail,
	extract,
	get,
	getFieldExtraction,
	getAll,
	getOcr,
	getStatus,
	requestFieldExtraction,
	requestOcr,
	send,
	update,
	updateFieldExtraction,
});
