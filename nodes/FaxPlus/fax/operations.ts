// The resource's operations: one line each, in any order (the picker sorts them by name).
export { deleteOperation } from './delete.operation';
export { download } from './download.operation';
export { downloadReport } from './downloadReport.operation';
export { downloadThumbnail } from './downloadThumbnail.operation';
export { extract } from './extract.operation';
export { get } from './get.operation';
export { getAll } from './getAll.operation';
export { getFieldExtraction } from './getFieldExtraction.operation';
export { getOcr } from './getOcr.operation';
export { getStatus } from './getStatus.operation';
export { requestFieldExtraction } from './requestFieldExtraction.operation';
export { requestOcr } from './requestOcr.operation';
export { send } from './send/operation';
export { update } from './update.operation';
export { updateFieldExtraction } from './updateFieldExtraction.operation';
