// Lints what n8n's community-node verification lints: node and credential code
// (eslint-plugin-n8n-nodes-base's community rules and @n8n/eslint-plugin-community-nodes)
// and package.json.
import tseslint from 'typescript-eslint';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import * as jsonParser from 'jsonc-eslint-parser';

export default [
	{ ignores: ['dist/**', 'node_modules/**', '.tools/**', '.n8n/**', 'test/**', 'bench/**', 'scripts/**'] },
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		languageOptions: {
			parser: tseslint.parser,
			parserOptions: { project: './tsconfig.json', sourceType: 'module' },
		},
		plugins: { '@typescript-eslint': tseslint.plugin, '@n8n/community-nodes': n8nCommunityNodesPlugin },
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
