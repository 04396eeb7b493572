// The second lint pass (scripts/lint.js runs it after `n8n-node lint`): eslint-plugin-n8n-nodes-base's
// community, node and credential rules as this package had them before n8n's own config, with the two
// rules that config turns off (node-param-type-options-max-value-present,
// cred-class-field-type-options-password-missing) still on, and @n8n/eslint-plugin-community-nodes.
// eslint.config.mjs must stay n8n's own config: package.json's `n8n.strict` makes `n8n-node lint` check it.
import tseslint from 'typescript-eslint';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import * as jsonParser from 'jsonc-eslint-parser';

export default [
	{
		ignores: ['dist/**', 'node_modules/**', '.tools/**', '.n8n/**', 'test/**', 'scripts/**'],
	},
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		languageOptions: {
			parser: tseslint.parser,
			parserOptions: { project: './tsconfig.json', sourceType: 'module' },
		},
		plugins: {
			'@typescript-eslint': tseslint.plugin,
			'@n8n/community-nodes': n8nCommunityNodesPlugin,
		},
		rules: {
			...n8nCommunityNodesPlugin.configs.recommended.rules,
		},
	},
	{
		files: ['package.json'],
		languageOptions: { parser: jsonParser },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// These two want the string 'main'; n8n's newer community rule (which its
			// verification runs) wants NodeConnectionTypes.Main. The newer rule wins.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
];
