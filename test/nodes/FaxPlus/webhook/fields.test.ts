import { withoutSecrets } from '../../../../nodes/FaxPlus/webhook/fields';

describe('webhook/fields withoutSecrets', () => {
	it('drops a secret field and any whsec_ value, keeping the rest', () => {
		expect(
			withoutSecrets({
				id: 'ep_a',
				url: 'https://a.example.com',
				filter_types: ['fax_sent'],
				channels: null,
				secret: 'anything',
				signing_key: 'whsec_c2VjcmV0',
			}),
		).toEqual({
			id: 'ep_a',
			url: 'https://a.example.com',
			filter_types: ['fax_sent'],
			channels: null,
		});
	});
});
