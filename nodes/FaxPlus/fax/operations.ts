// The resource's operations: one line each, in any order (the picker sorts them by name).
export * as deleteOperation from './delete.operation';
export * as download from './download.operation';
export * as downloadReport from './downloadReport.operation';
export * as downloadThumbnail from './downloadThumbnail.operation';
export * as extract from './extract.operation';
export * as get from './get.operation';
export * as getAll from './getAll.operation';
export * as getFieldExtraction from './getFieldExtraction.operation';
export * as getOcr from './getOcr.operation';
export * as getStatus from './getStatus.operation';
export * as requestFieldExtraction from './requestFieldExtraction.operation';
export * as requestOcr from './requestOcr.operation';
export * as send from './send.operation';
export * as update from './update.operation';
export * as updateFieldExtraction from './updateFieldExtraction.operation';
