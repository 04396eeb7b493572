// The resource's operations: one line each, in any order (the picker sorts them by name).
export { deleteOperation } from './delete.operation';
export * as download from './download.operation';
export { downloadReport } from './downloadReport.operation';
export * as downloadThumbnail from './downloadThumbnail.operation';
export { extract } from './extract.operation';
export { get } from './get.operation';
export { getAll } from './getAll.operation';
export { getFieldExtraction } from './getFieldExtraction.operation';
export { getOcr } from './getOcr.operation';
export * as getStatus from './getStatus.operation';
export { requestFieldExtraction } from './requestFieldExtraction.operation';
export { requestOcr } from './requestOcr.operation';
export * as send from './send.operation';
export { update } from './update.operation';
export { updateFieldExtraction } from './updateFieldExtraction.operation';
