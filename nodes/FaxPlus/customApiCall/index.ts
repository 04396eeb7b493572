import { defineResource } from '../shared/resource';
import { CUSTOM_API_CALL, customApiCallOption } from '../shared/customApiCall';

/** The resource list's last entry: a Custom API Call, which every other resource also lists last. */
export const customApiCall = defineResource({
	operations: {},
	operation: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [CUSTOM_API_CALL] } },
		options: [customApiCallOption],
		default: CUSTOM_API_CALL,
	},
});
