import { CUSTOM_API_CALL, customApiCall } from './customApiCall.operation';
import { resourceOf } from '../shared/pickers';

/** The resource list's last entry, with one operation: n8n then adds no Custom API Call of its own. */
export const { operations, description } = resourceOf(CUSTOM_API_CALL, CUSTOM_API_CALL, {
	customApiCall,
});
