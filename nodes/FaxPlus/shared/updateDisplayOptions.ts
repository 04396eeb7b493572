import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** n8n's own (packages/nodes-base/utils/utilities.ts, not exported): shows properties where `displayOptions` says, under their own conditions too. */
export function updateDisplayOptions(
	displayOptions: IDisplayOptions,
	properties: INodeProperties[],
): INodeProperties[] {
	return properties.map((property) => {
		const { show, ...rest } = property.displayOptions ?? {};
		return {
			...property,
			displayOptions: { ...rest, ...displayOptions, show: { ...displayOptions.show, ...show } },
		};
	});
}
