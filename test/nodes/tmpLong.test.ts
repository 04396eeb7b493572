import type { INodeProperties } from 'n8n-workflow';
import { FaxPlus } from '../../nodes/FaxPlus/FaxPlus.node';
import { FaxPlusTrigger } from '../../nodes/FaxPlusTrigger/FaxPlusTrigger.node';
import { FaxPlusPollTrigger } from '../../nodes/FaxPlusPollTrigger/FaxPlusPollTrigger.node';
import { FaxPlusApi } from '../../credentials/FaxPlusApi.credentials';
import { FaxPlusOAuth2Api } from '../../credentials/FaxPlusOAuth2Api.credentials';
import { FaxPlusWebhookSecretApi } from '../../credentials/FaxPlusWebhookSecretApi.credentials';
function walk(ps: any[], path: string, out: string[]) {
	for (const p of ps) {
		const here = `${path}${p.name}`;
		if (p.name === 'toolDescription') continue;
		for (const k of ['description', 'hint'])
			if (typeof p[k] === 'string' && p[k].length > 300)
				out.push(`${p[k].length} ${here}.${k}: ${p[k]}`);
		if (p.type === 'notice' && String(p.default).length > 300)
			out.push(`${String(p.default).length} ${here}.notice`);
		for (const c of p.options ?? []) {
			if ('type' in c) {
				walk([c], `${here}.`, out);
				continue;
			}
			if (typeof c.description === 'string' && c.description.length > 300)
				out.push(`${c.description.length} ${here}.${c.name}.description: ${c.description}`);
			if (Array.isArray(c.values)) walk(c.values, `${here}.`, out);
		}
	}
}
it('x', () => {
	const out: string[] = [];
	for (const d of [
		new FaxPlus().description,
		new FaxPlusTrigger().description,
		new FaxPlusPollTrigger().description,
	])
		walk(d.properties as INodeProperties[], d.name + ':', out);
	for (const c of [new FaxPlusApi(), new FaxPlusOAuth2Api(), new FaxPlusWebhookSecretApi()])
		walk(c.properties, c.name + ':', out);
	require('fs').writeFileSync('/tmp/sh/long.txt', [...new Set(out)].join('\n'));
});
