'use strict';
// The pictures of README.md and docs/ (docs/screenshots/*.png): what each shows. `npm run screenshots`
// makes them all and writes docs/screenshots/manifest.json with a hash of each thing a picture shows;
// a unit test (test/scripts/n8n/pictures.test.ts) recomputes the hashes and fails when a picture falls
// behind. A hash covers only what is in the picture, so a change elsewhere in a node (an operation the
// picture does not show) does not ask for a new picture.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const SCREENSHOTS = 'docs/screenshots';
const MANIFEST = `${SCREENSHOTS}/manifest.json`;
const COMMAND = 'npm run screenshots';
const PACKAGE = 'n8n-nodes-faxplus';

/** The package's nodes and credentials: where each class is (without extension) and its name. */
const NODES = {
	faxPlus: ['nodes/FaxPlus/FaxPlus.node', 'FaxPlus'],
	faxPlusTrigger: ['nodes/FaxPlusTrigger/FaxPlusTrigger.node', 'FaxPlusTrigger'],
	faxPlusPollTrigger: ['nodes/FaxPlusPollTrigger/FaxPlusPollTrigger.node', 'FaxPlusPollTrigger'],
};
const CREDENTIALS = {
	faxPlusApi: ['credentials/FaxPlusApi.credentials', 'FaxPlusApi'],
	faxPlusOAuth2Api: ['credentials/FaxPlusOAuth2Api.credentials', 'FaxPlusOAuth2Api'],
	faxPlusWebhookSecretApi: [
		'credentials/FaxPlusWebhookSecretApi.credentials',
		'FaxPlusWebhookSecretApi',
	],
};

/** How many actions the node panel's picture shows (at 1440×900), from the top of the list. */
const NODE_PANEL_ACTIONS = 11;

/**
 * Every picture: `shot` names how `npm run screenshots` takes it; `node` is the node whose panel it
 * opens, with the parameters it sets; `example` the workflow it draws.
 */
const PICTURES = [
	{ file: 'node-panel.png', shot: 'nodePanel' },
	{
		file: 'fax-plus-node.png',
		shot: 'node',
		node: {
			type: 'faxPlus',
			parameters: {
				authentication: 'accessToken',
				resource: 'fax',
				operation: 'extract',
				userId: { __rl: true, mode: 'list', value: 'self', cachedResultName: 'Me (self)' },
				faxId: { __rl: true, mode: 'id', value: 'fax_1' },
			},
		},
	},
	{
		file: 'fax-plus-trigger.png',
		shot: 'trigger',
		node: {
			type: 'faxPlusTrigger',
			parameters: {
				authentication: 'accessToken',
				events: ['fax_received'],
				channels: '',
				options: {},
			},
		},
	},
	{ file: 'example-fax-intake-to-data-table.png', example: 'fax-intake-to-data-table.json' },
	{ file: 'example-fax-received-to-disk.png', example: 'fax-received-to-disk.json' },
	{ file: 'example-poll-fax-received-to-disk.png', example: 'poll-fax-received-to-disk.json' },
	{ file: 'example-send-fax-report-status.png', example: 'send-fax-report-status.json' },
	{ file: 'ai-agent-workflow.png', example: 'ai-agent-fax-assistant.json' },
	{ file: 'mcp-workflow.png', example: 'mcp-fax-tools.json' },
].map((picture) => ({ shot: 'example', ...picture }));

const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');

/** The nodes' descriptions and the credentials' display names, from `nodesRoot` (the sources under jest, dist/ after a build). */
function descriptionsFrom(nodesRoot) {
	const load = ([file, className]) => new (require(path.join(nodesRoot, file))[className])();
	return {
		nodes: Object.fromEntries(
			Object.entries(NODES).map(([name, where]) => [name, load(where).description]),
		),
		credentials: Object.fromEntries(
			Object.entries(CREDENTIALS).map(([name, where]) => [name, load(where).displayName]),
		),
	};
}

/** The value a display option's key names: a parameter, or the node's version or tool form. */
function displayKeyValue(key, values, node) {
	if (key === '@version') return node.typeVersion;
	if (key === '@tool') return node.tool;
	return values[key.replace(/^\//, '')];
}

/**
 * Whether n8n's editor shows what `displayOptions` guard, for these parameter values. What this cannot
 * decide (a condition object, a value not set) counts as shown, so a picture's hash covers too much
 * rather than too little.
 */
function isShown(displayOptions, values, node) {
	const { show = {}, hide = {} } = displayOptions ?? {};
	const matches = (key, allowed) => {
		const value = displayKeyValue(key, values, node);
		if (!Array.isArray(allowed) || value === undefined) return undefined;
		return [value].flat().some((one) => allowed.includes(one));
	};
	return (
		Object.entries(show).every(([key, allowed]) => matches(key, allowed) !== false) &&
		!Object.entries(hide).some(([key, allowed]) => matches(key, allowed) === true)
	);
}

/**
 * A parameter as its panel shows it: a closed picker shows its chosen options only, a collection the
 * entries it holds (an empty one only "Add Option").
 */
function asShown(property, value) {
	if (!Array.isArray(property.options)) return property;
	const chosen = [value ?? []].flat();
	const picked =
		property.type === 'options' || property.type === 'multiOptions'
			? property.options.filter((option) => chosen.includes(option.value))
			: property.options.filter(
					(option) => value && typeof value === 'object' && option.name in value,
				);
	return { ...property, options: picked };
}

/** The parameters and credentials a node's panel shows for its parameters, in order. */
function shownParameters(description, parameters, { tool = false, typeVersion = 1 } = {}) {
	const node = { tool, typeVersion };
	const values = { ...parameters };
	const shown = [];
	for (const property of description.properties) {
		if (!isShown(property.displayOptions, values, node)) continue;
		if (!(property.name in values)) values[property.name] = property.default;
		shown.push(asShown(property, values[property.name]));
	}
	const credentials = (description.credentials ?? []).filter((credential) =>
		isShown(credential.displayOptions, values, node),
	);
	return { parameters: shown, credentials };
}

/** The icon n8n's light theme draws for a node: the file's bytes, hashed. */
function iconOf(name, description, root) {
	const icon = description.icon?.light ?? description.icon;
	const file = path.join(root, path.dirname(NODES[name][0]), String(icon).replace(/^file:/, ''));
	return sha256(fs.readFileSync(file));
}

/**
 * The node panel searching "Fax.Plus": the node's name and icon, the trigger's description (n8n shows
 * one entry for a node and its trigger), and the first actions, grouped by resource in picker order.
 * The count in its "Actions (N)" heading is left out: each new operation would otherwise ask for a
 * new picture.
 */
function nodePanelShows({ nodes }, root) {
	const action = nodes.faxPlus;
	const resource = action.properties.find((property) => property.name === 'resource');
	const actions = resource.options.flatMap((choice) => {
		const picker = action.properties.find(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes(choice.value),
		);
		return picker.options.map((operation) => `${choice.name}: ${operation.action}`);
	});
	return {
		'faxPlus: name and icon': {
			displayName: action.displayName,
			icon: iconOf('faxPlus', action, root),
		},
		'faxPlusTrigger: name and description': {
			displayName: nodes.faxPlusTrigger.displayName,
			description: nodes.faxPlusTrigger.description,
		},
		'faxPlus: the actions shown': actions.slice(0, NODE_PANEL_ACTIONS),
	};
}

/** A node's panel: its icon, the parameters and credentials it shows, the trigger's URL and name. */
function panelShows({ nodes, credentials }, { type, parameters }, root) {
	const description = nodes[type];
	const shown = shownParameters(description, parameters);
	return {
		[`${type}: icon`]: iconOf(type, description, root),
		[`${type}: parameters shown`]: shown.parameters,
		[`${type}: credentials shown`]: shown.credentials.map((credential) => ({
			...credential,
			displayName: credentials[credential.name],
		})),
		...(description.group.includes('trigger') && {
			// The trigger's panel: "Pull in events from <name without Trigger>", its webhook URLs.
			[`${type}: name and webhooks`]: {
				displayName: description.displayName,
				webhooks: description.webhooks ?? [],
			},
		}),
	};
}

/**
 * An example on the canvas: the workflow as the file has it; each package node's icon, shape and
 * subtitle; and for each of its nodes what decides the canvas's warning sign (the parameters and
 * credentials its operation needs).
 */
function exampleShows({ nodes }, file, root) {
	const text = fs.readFileSync(path.join(root, 'examples', file));
	const shows = { [`examples/${file}`]: sha256(text) };
	for (const node of JSON.parse(text).nodes) {
		if (!node.type.startsWith(`${PACKAGE}.`)) continue;
		const tool = node.type.endsWith('Tool');
		const type = node.type.slice(PACKAGE.length + 1).replace(/Tool$/, '');
		const description = nodes[type];
		const { subtitle, group, inputs, outputs, usableAsTool } = description;
		shows[`${type}: icon`] = iconOf(type, description, root);
		shows[`${type}: on the canvas`] = { subtitle, group, inputs, outputs, usableAsTool };
		const shown = shownParameters(description, node.parameters, {
			tool,
			typeVersion: node.typeVersion,
		});
		shows[`"${node.name}": what it needs`] = {
			parameters: shown.parameters.map(({ name, type: kind, required, default: value }) => ({
				name,
				type: kind,
				required,
				default: value,
			})),
			credentials: shown.credentials.map(({ name, required }) => ({ name, required })),
		};
	}
	return shows;
}

/**
 * What a picture shows, each part with its hash (the pinned n8n by its version): `inputs` hashes
 * them all. `descriptions` come from descriptionsFrom().
 */
function inputsOf(picture, { descriptions, root = ROOT }) {
	const shows =
		picture.shot === 'nodePanel'
			? nodePanelShows(descriptions, root)
			: picture.node
				? panelShows(descriptions, picture.node, root)
				: exampleShows(descriptions, picture.example, root);
	const sources = { n8n: fs.readFileSync(path.join(root, 'scripts/n8n/VERSION'), 'utf8').trim() };
	for (const part of Object.keys(shows).sort())
		sources[part] =
			typeof shows[part] === 'string' ? shows[part] : sha256(JSON.stringify(shows[part]));
	return { sources, inputs: sha256(JSON.stringify(sources)) };
}

module.exports = {
	COMMAND,
	MANIFEST,
	PICTURES,
	ROOT,
	SCREENSHOTS,
	descriptionsFrom,
	inputsOf,
	sha256,
};
