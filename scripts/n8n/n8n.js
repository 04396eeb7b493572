'use strict';
// Drives a real n8n (installed by scripts/n8n/install.sh) for the e2e suite, the
// demo and the benchmarks: starts it on 127.0.0.1 with a throwaway user folder,
// installs the package's tarball (packed once after the build) as a user installs the
// community package `n8n-nodes-faxplus`, logs in, and talks to its REST and public APIs.
//
//   const { startN8n } = require('./scripts/n8n/n8n');
//   const n8n = await startN8n();            // { url, login, apiKey, filesDir, ... }
//   const wf = await n8n.importWorkflow(json);
//   await n8n.activate(wf.id);
//   await n8n.stop();                        // kills the process group, removes the folder
//
// Every started n8n is also killed when this Node process exits or gets SIGINT/SIGTERM.

const { spawn, spawnSync, execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { requiredNode } = require('../with-node.js');
const { pack, checkDigest } = require('../release/pack.js');

const ROOT = path.resolve(__dirname, '../..');
const PACKAGE_NAME = require(path.join(ROOT, 'package.json')).name;
const DEFAULT_VERSION = fs.readFileSync(path.join(__dirname, 'VERSION'), 'utf8').trim();

// Modules that make outbound lookups or that the tests do not need. The
// `community-packages` module stays: it loads ~/.n8n/nodes; `data-table` too: an example files faxes in one.
// Each n8n is given those it has (disabledModules): older 2.x refuse to start on a name they lack.
const DISABLED_MODULES = [
	'mcp-registry',
	'instance-ai',
	'agents',
	'agent-evals',
	'chat-hub',
	'workflow-builder',
	'insights',
	'mcp',
	'quick-connect',
	'promotions',
	'instance-registry',
	'breaking-changes',
	'source-control',
	'instance-reporting',
];

/**
 * What differs between the installed n8n releases for starting one, read from its install: the
 * modules it knows (@n8n/backend-common's MODULE_NAMES; none before 2.x), whether it reads
 * N8N_WEBHOOK_URL (2.30 on) or only WEBHOOK_URL, whether it takes its owner from the environment
 * (late 2.x; the others set one up through POST /rest/owner/setup), whether it has the workflow
 * publication service (which keeps unchanged triggers registered on republishing), and whether a
 * manual run takes the workflow in its body (1.x and early 2.x).
 */
function releaseFacts(installDir) {
	const read = (file) => {
		try {
			return fs.readFileSync(path.join(installDir, 'node_modules', file), 'utf8');
		} catch {
			return '';
		}
	};
	const modules = read('@n8n/backend-common/dist/modules/modules.config.js').match(
		/MODULE_NAMES = \[([^\]]*)\]/,
	);
	const executionService = read('n8n/dist/workflows/workflow-execution.service.js');
	return {
		disabledModules: modules
			? DISABLED_MODULES.filter((name) => modules[1].includes(`'${name}'`)).join(',')
			: '',
		webhookUrlVariable: read('@n8n/config/dist/index.js').includes("'N8N_WEBHOOK_URL'")
			? 'N8N_WEBHOOK_URL'
			: 'WEBHOOK_URL',
		ownerByEnv: read('@n8n/config/dist/configs/instance-settings-loader.config.js').includes(
			"'N8N_INSTANCE_OWNER_MANAGED_BY_ENV'",
		),
		publicationService: read('@n8n/config/dist/configs/workflows.config.js').includes(
			"'N8N_USE_WORKFLOW_PUBLICATION_SERVICE'",
		),
		// 2.20 has the service off by default; later releases turn it on.
		publicationServiceByDefault: read('@n8n/config/dist/configs/workflows.config.js').includes(
			'this.useWorkflowPublicationService = true',
		),
		manualRunTakesWorkflow: read('n8n/dist/workflows/workflows.controller.js').includes(
			'req.body.workflowData',
		),
		// n8n 1.85 names a manual run's destination node; later releases take { nodeName, mode }.
		destinationByName:
			executionService.includes('destinationNode') &&
			!executionService.includes('destinationNode.nodeName'),
	};
}

const live = new Set();
/** Told of every credential saved and every instance stopping (test/support/secret-scan.js). */
const observers = [];
function observeN8n(observer) {
	observers.push(observer);
}

/**
 * Where this process's time went with n8n, for the suites' time tables: each install (or wait
 * for another process's install of the same version) and each start-up, restarts included.
 */
const timings = { installs: [], startups: [] };

function log(...args) {
	if (process.env.N8N_DRIVER_QUIET !== '1') console.error('[n8n]', ...args);
}

/** Runs scripts/n8n/install.sh (instant when already installed); returns the install folder. */
function installN8n(version = process.env.N8N_VERSION || DEFAULT_VERSION) {
	const t0 = Date.now();
	const result = spawnSync('bash', [path.join(__dirname, 'install.sh'), version], {
		stdio: ['ignore', 'pipe', 'inherit'],
		encoding: 'utf8',
	});
	if (result.status !== 0)
		throw new Error(`scripts/n8n/install.sh ${version} failed (exit ${result.status})`);
	const dir = result.stdout.trim().split('\n').pop();
	if (!fs.existsSync(path.join(dir, 'node_modules/n8n/package.json')))
		throw new Error(`n8n not found in ${dir}`);
	let installed = false;
	try {
		installed = fs.statSync(path.join(dir, '.installed')).mtimeMs >= t0;
	} catch {
		// no marker: counted as found
	}
	timings.installs.push({ version, dir, installed, seconds: (Date.now() - t0) / 1000 });
	return dir;
}

function nodeMajor(bin) {
	return Number(
		execFileSync(bin, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).trim(),
	);
}

/** The Node binary that runs this n8n: the current one for 2.x (Node 24), a Node 20-22 for 1.x (as its users run it). */
function nodeFor(version) {
	if (process.env.N8N_NODE) return process.env.N8N_NODE;
	const major = Number(version.split('.')[0]);
	if (major >= 2) {
		const node = requiredNode();
		if (node) return node;
		throw new Error(`n8n ${version} needs Node >= 24: run through scripts/with-node.js`);
	}
	const candidates = new Set();
	for (const dir of (process.env.PATH || '').split(':')) {
		const bin = path.join(dir || '.', 'node');
		if (fs.existsSync(bin)) candidates.add(fs.realpathSync(bin));
	}
	candidates.add('/usr/bin/node');
	candidates.add('/usr/local/bin/node');
	for (const bin of candidates) {
		try {
			const candidateMajor = nodeMajor(bin);
			if (candidateMajor >= 20 && candidateMajor <= 22) return bin;
		} catch {
			// not runnable
		}
	}
	throw new Error(`n8n ${version} needs Node 20-22; set N8N_NODE`);
}

function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/**
 * Seconds n8n's first start (a new user folder: its migrations) takes on a quiet 2-core machine: 2.41.1,
 * spawned to ready, 9 s at a load average of 9, 13 to 37 s at 12 to 26 (README, "Development").
 */
const FIRST_START_SECONDS = 10;
/** How often a start that takes long says so: no step of a first start is silent for long. */
const NOTE_MS = 15000;

/** What n8n's first start takes, for the lines that announce it: as measured, and how busy this machine is now. */
function firstStartEstimate() {
	const cores = os.availableParallelism?.() ?? os.cpus().length;
	return `about ${FIRST_START_SECONDS} s on a quiet 2-core machine, a minute or more on a busy one (this one: load average ${os.loadavg()[0].toFixed(1)} on ${cores} cores)`;
}

/**
 * `ms` stretched by how much slower than on a quiet machine n8n first started in this process (the
 * slowest first start-up measured so far against FIRST_START_SECONDS, at least 1): the deadline of a
 * wait for an event, derived from what the run measured.
 */
function patience(ms) {
	const firstStarts = timings.startups.filter((startup) => !startup.restart);
	const slowest = Math.max(0, ...firstStarts.map((startup) => startup.seconds));
	return Math.round(ms * Math.max(1, slowest / FIRST_START_SECONDS));
}

/**
 * The tarball every n8n of this process installs: the one `npm test` packed right after its build
 * (FAXPLUS_PACKAGE_TARBALL, with the digest recorded then in FAXPLUS_PACKAGE_SHA512), else dist/ as
 * built now, packed once on first use. Its digest is checked before every install.
 */
let packedHere;
function packageTarball() {
	if (process.env.FAXPLUS_PACKAGE_TARBALL)
		packedHere ??= {
			tarball: path.resolve(ROOT, process.env.FAXPLUS_PACKAGE_TARBALL),
			sha512: process.env.FAXPLUS_PACKAGE_SHA512,
		};
	if (!packedHere) {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxplus-package-'));
		process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
		log('packing the package (npm pack)...');
		packedHere = pack(ROOT, dir);
	}
	checkDigest(packedHere.tarball, packedHere.sha512);
	return packedHere.tarball;
}

/** Installs the packed package into the user folder, as n8n's Community Nodes installer does. */
function installPackage(userFolder) {
	const tarball = packageTarball();
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	if (!fs.existsSync(path.join(nodesDir, 'package.json'))) {
		fs.writeFileSync(
			path.join(nodesDir, 'package.json'),
			JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2),
		);
	}
	// --legacy-peer-deps: n8n provides the n8n-workflow peer itself.
	const r = spawnSync(
		'npm',
		[
			'install',
			tarball,
			'--legacy-peer-deps',
			'--no-audit',
			'--no-fund',
			'--prefer-offline',
			'--loglevel=error',
		],
		{
			cwd: nodesDir,
			stdio: ['ignore', 'ignore', 'pipe'],
			encoding: 'utf8',
		},
	);
	if (r.status !== 0) throw new Error(`npm install ${tarball} in ${nodesDir} failed: ${r.stderr}`);
}

function bcryptHash(installDir, password) {
	const bcrypt = require(
		require.resolve('bcryptjs', { paths: [path.join(installDir, 'node_modules/n8n')] }),
	);
	return bcrypt.hashSync(password, 10);
}

function killGroup(pid, signal) {
	try {
		process.kill(-pid, signal);
		return true;
	} catch {
		try {
			process.kill(pid, signal);
			return true;
		} catch {
			return false;
		}
	}
}

let exitHooked = false;
function hookExit() {
	if (exitHooked) return;
	exitHooked = true;
	process.on('exit', () => {
		for (const inst of live) inst._killNow();
	});
	for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
		process.on(sig, () => {
			// When the program has its own handler, it stops n8n itself (gracefully).
			if (process.listenerCount(sig) > 1) return;
			for (const inst of live) inst._killNow();
			process.exit(sig === 'SIGINT' ? 130 : 143);
		});
	}
}

class HttpError extends Error {
	constructor(method, url, status, body) {
		super(
			`${method} ${url} -> ${status}: ${typeof body === 'string' ? body.slice(0, 500) : JSON.stringify(body).slice(0, 500)}`,
		);
		this.status = status;
		this.body = body;
	}
}

// A keep-alive connection the server closed while this process could not notice (its event
// loop blocked or late, e.g. by a spawnSync that installs Chromium, or a machine loaded many times
// over) fails the next request with `fetch failed` (cause UND_ERR_SOCKET "other side closed", or
// ECONNRESET/EPIPE) before any response arrived. An idempotent request is then sent again, once, on
// a new connection. A POST or PATCH cannot be sent again (it cannot be told apart from one the
// server received), so it never takes a kept-alive connection: it goes on a connection of its own
// (node:http without an agent: `Connection: close`), which the server cannot have closed before.
const CLOSED_CONNECTION_CODES = new Set([
	'UND_ERR_SOCKET',
	'UND_ERR_CLOSED',
	'ECONNRESET',
	'EPIPE',
]);
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

function isClosedConnection(error) {
	return CLOSED_CONNECTION_CODES.has(error?.cause?.code);
}

/** fetch's answer to a request (body: a string or Buffer) sent on a new connection, closed after it. */
function fetchOnOwnConnection(url, { method, headers, body, signal }) {
	if (body !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body))
		throw new TypeError(`${method} ${url}: the test client sends a string or a Buffer as body`);
	return new Promise((resolve, reject) => {
		const request = http.request(url, { method, headers, signal, agent: false }, (res) => {
			const chunks = [];
			res.on('data', (chunk) => chunks.push(chunk));
			res.on('error', reject);
			res.on('end', () => {
				const answer = new Headers();
				for (let i = 0; i < res.rawHeaders.length; i += 2)
					answer.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
				const bodyless = [204, 205, 304].includes(res.statusCode);
				resolve(
					new Response(bodyless ? null : Buffer.concat(chunks), {
						status: res.statusCode,
						statusText: res.statusMessage,
						headers: answer,
					}),
				);
			});
		});
		// As fetch fails: "fetch failed", the reason in `cause`.
		request.on('error', (cause) => reject(new TypeError('fetch failed', { cause })));
		request.end(body);
	});
}

/**
 * `fetch`; an idempotent request is resent once when its kept-alive connection turns out closed,
 * any other goes on a connection of its own.
 */
async function fetchRetrying(url, init = {}) {
	const method = (init.method ?? 'GET').toUpperCase();
	try {
		if (!IDEMPOTENT_METHODS.has(method))
			return await fetchOnOwnConnection(url, { ...init, method });
		return await fetch(url, init);
	} catch (error) {
		if (!IDEMPOTENT_METHODS.has(method) || !isClosedConnection(error)) {
			// "fetch failed" alone does not say why: the cause's code and message do.
			const cause = error?.cause ? ` (${error.cause.code ?? ''} ${error.cause.message ?? ''})` : '';
			if (typeof error?.message === 'string')
				error.message = `${method} ${url}: ${error.message}${cause}`;
			throw error;
		}
		log(
			`${method} ${url}: the server had closed the connection (${error.cause.code}); sending it again`,
		);
		return await fetch(url, init);
	}
}

async function httpJson(method, url, { headers = {}, body, raw = false } = {}) {
	const init = { method, headers: { Accept: 'application/json', ...headers } };
	if (body !== undefined) {
		init.body = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
		if (!init.headers['Content-Type']) init.headers['Content-Type'] = 'application/json';
	}
	const res = await fetchRetrying(url, init);
	const text = await res.text();
	let parsed = text;
	try {
		parsed = text ? JSON.parse(text) : undefined;
	} catch {
		// keep text
	}
	if (raw) return { status: res.status, headers: res.headers, body: parsed };
	if (!res.ok) throw new HttpError(method, url, res.status, parsed);
	return { status: res.status, headers: res.headers, body: parsed };
}

/**
 * An execution with its `status`, which n8n 1.85's public API leaves out: then read from `finished`
 * and `stoppedAt`.
 */
function withStatus(execution) {
	if (execution.status !== undefined) return execution;
	const status = execution.finished ? 'success' : execution.stoppedAt ? 'error' : 'running';
	return { ...execution, status };
}

class N8nInstance {
	constructor(opts) {
		Object.assign(this, opts);
		this.proc = null;
		this.cookie = null;
		this.apiKey = null;
		this.logLines = [];
	}

	get url() {
		return `http://127.0.0.1:${this.port}`;
	}

	/**
	 * `ms` stretched by how much slower than on a quiet machine this n8n first started (its first
	 * start-up against FIRST_START_SECONDS, at least 1): a busy machine waits longer, in proportion.
	 */
	patient(ms) {
		return Math.round(ms * Math.max(1, (this.firstStartSeconds ?? 0) / FIRST_START_SECONDS));
	}

	/** Production URL of a webhook path, as n8n registers it. */
	webhookUrl(webhookPath) {
		return `${this.url}/webhook/${String(webhookPath).replace(/^\/+/, '')}`;
	}

	logTail(n = 60) {
		return this.logLines.slice(-n).join('\n');
	}

	async _spawn() {
		const env = {
			...process.env,
			...this.baseEnv,
			...this.env,
		};
		delete env.NODE_OPTIONS;
		const logFile = fs.openSync(path.join(this.userFolder, 'n8n.log'), 'a');
		const n8nBin = path.join(this.installDir, 'node_modules/n8n/bin/n8n');
		this.proc = spawn(this.nodeBin, [n8nBin, this.command], {
			cwd: this.userFolder,
			env,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const pid = this.proc.pid;
		this.exited = new Promise((resolve) =>
			this.proc.once('exit', (code, signal) => resolve({ code, signal })),
		);
		let logOpen = true;
		const onData = (chunk) => {
			if (logOpen) fs.writeSync(logFile, chunk);
			for (const line of chunk.toString('utf8').split('\n')) {
				if (!line) continue;
				this.logLines.push(line);
				if (this.logLines.length > 500) this.logLines.shift();
				if (this.echo) process.stderr.write(`[n8n:${this.port}] ${line}\n`);
			}
		};
		this.proc.stdout.on('data', onData);
		this.proc.stderr.on('data', onData);
		this.proc.once('close', () => {
			logOpen = false;
			fs.closeSync(logFile);
		});
		live.add(this);
		hookExit();
		log(
			`starting n8n ${this.command} ${this.version} (pid ${pid}) on ${this.url}, user folder ${this.userFolder}`,
		);

		const spawnedAt = Date.now();
		this.spawns = (this.spawns ?? 0) + 1;
		const deadline = spawnedAt + this.startTimeoutMs;
		let exited = null;
		this.exited.then((e) => (exited = e));
		// On a timer, not in the loop: a readiness request to an n8n busy migrating may wait long.
		const note = setInterval(() => {
			log(
				`n8n ${this.command} ${this.version} is starting, ${Math.round((Date.now() - spawnedAt) / 1000)} s so far (a first start in a new user folder creates its database: ${firstStartEstimate()}); its log: ${(this.logLines.at(-1) ?? '').slice(0, 120)}`,
			);
		}, NOTE_MS);
		try {
			for (;;) {
				if (exited) {
					live.delete(this);
					throw new Error(
						`n8n exited while starting (${JSON.stringify(exited)}):\n${this.logTail()}`,
					);
				}
				if (Date.now() > deadline) {
					await this.stop({ keepFolder: true });
					throw new Error(
						`n8n not ready after ${this.startTimeoutMs / 1000} s:\n${this.logTail()}`,
					);
				}
				try {
					// Readiness means "database migrated"; the REST routes (n8n 1.x mounts them
					// later) must answer too.
					const res = await fetch(`${this.url}/healthz/readiness`);
					// Workers and webhook processors have no REST API.
					if (
						res.ok &&
						(this.command !== 'start' || (await fetch(`${this.url}/rest/settings`)).status === 200)
					)
						break;
				} catch {
					// not listening yet
				}
				await sleep(250);
			}
		} finally {
			clearInterval(note);
		}
		log(`n8n ${this.command} ready on ${this.url}`);
		this.firstStartSeconds ??= (Date.now() - spawnedAt) / 1000;
		timings.startups.push({
			version: this.version,
			command: this.command,
			restart: this.spawns > 1,
			seconds: (Date.now() - spawnedAt) / 1000,
		});
	}

	/** Logs in with the owner (cookie session for /rest). */
	async loginOwner() {
		if (this.ownerByEnv === false) {
			// No owner-by-env in this release: set the owner up on a new instance (400 once done).
			const r = await httpJson('POST', `${this.url}/rest/owner/setup`, {
				body: {
					email: this.login.email,
					password: this.login.password,
					firstName: 'Fax',
					lastName: 'Tester',
				},
				raw: true,
			});
			if (r.status < 300) this._takeCookie(r.headers);
		}
		// 2.x (and late 1.x) take emailOrLdapLoginId, older ones email.
		let r;
		for (const id of ['emailOrLdapLoginId', 'email']) {
			r = await httpJson('POST', `${this.url}/rest/login`, {
				body: { [id]: this.login.email, password: this.login.password },
				raw: true,
			});
			if (r.status < 400) break;
		}
		if (r.status >= 400) throw new HttpError('POST', '/rest/login', r.status, r.body);
		this._takeCookie(r.headers);
		return r.body?.data ?? r.body;
	}

	_takeCookie(headers) {
		const cookies =
			typeof headers.getSetCookie === 'function'
				? headers.getSetCookie()
				: [headers.get('set-cookie')];
		const auth = cookies
			.filter(Boolean)
			.map((c) => c.split(';')[0])
			.find((c) => c.startsWith('n8n-auth='));
		if (auth) this.cookie = auth;
	}

	async ensureApiKey() {
		if (this.apiKey) return this.apiKey;
		let scopes;
		try {
			scopes = (await this.rest('GET', '/api-keys/scopes')) ?? undefined;
		} catch {
			scopes = undefined;
		}
		const created = await this.rest('POST', '/api-keys', {
			label: `e2e-${Date.now()}`,
			expiresAt: null,
			...(scopes ? { scopes } : {}),
		});
		this.apiKey = created.rawApiKey ?? created.apiKey;
		if (!this.apiKey) throw new Error(`no API key in ${JSON.stringify(created)}`);
		fs.writeFileSync(path.join(this.userFolder, 'faxplus-api-key'), this.apiKey, { mode: 0o600 });
		return this.apiKey;
	}

	/** Internal REST API (/rest) with the owner's cookie session; returns `data`. */
	async rest(method, p, body, { raw = false, headers = {} } = {}) {
		const r = await httpJson(method, `${this.url}/rest${p}`, {
			headers: {
				...(this.cookie ? { Cookie: this.cookie } : {}),
				'browser-id': 'faxplus-e2e',
				...headers,
			},
			body,
			raw,
		});
		if (raw) return r;
		return r.body && typeof r.body === 'object' && 'data' in r.body ? r.body.data : r.body;
	}

	/** Public API (/api/v1) with X-N8N-API-KEY; returns the parsed body. */
	async api(method, p, body, { raw = false } = {}) {
		const r = await httpJson(method, `${this.url}/api/v1${p}`, {
			headers: { 'X-N8N-API-KEY': this.apiKey },
			body,
			raw,
		});
		return raw ? r : r.body;
	}

	/**
	 * Creates a credential. Plain fields go through the public API; data with
	 * `oauthTokenData` (an OAuth2 credential that is already connected) goes
	 * through the editor's REST API, which stores it as the OAuth callback would,
	 * as does everything without an API key (startN8n's publicApi: false).
	 */
	async createCredential(name, type, data) {
		for (const observer of observers) observer.credential?.(data);
		if ((data && data.oauthTokenData) || !this.apiKey) {
			const created = await this.rest('POST', '/credentials', { name, type, data });
			if (!data?.oauthTokenData) return created;
			const check = await this.rest('GET', `/credentials/${created.id}?includeData=true`).catch(
				() => null,
			);
			if (check && check.data && !check.data.oauthTokenData) {
				throw new Error('n8n dropped oauthTokenData from the credential');
			}
			return created;
		}
		try {
			return await this.api('POST', '/credentials', { name, type, data });
		} catch (error) {
			// n8n 1.x's public API requires fields its schema adds (allowedDomains): use the editor's API.
			if (error.status !== 400) throw error;
			return this.rest('POST', '/credentials', { name, type, data });
		}
	}

	/** n8n's own test of a saved credential, as the credential dialog runs it: { status, message }. */
	async testCredential(credential, data) {
		const { id, name, type } = credential;
		return this.rest('POST', '/credentials/test', {
			credentials: { id: String(id), name, type, data },
		});
	}

	/** Replaces a credential's data (e.g. the signing secret read from the server). */
	async updateCredential(id, { name, type, data }) {
		for (const observer of observers) observer.credential?.(data);
		try {
			return await this.api('PATCH', `/credentials/${id}`, { name, type, data });
		} catch (error) {
			if (![404, 405].includes(error.status)) throw error;
			return this.rest('PATCH', `/credentials/${id}`, { name, type, data });
		}
	}

	async deleteCredential(id) {
		return this.api('DELETE', `/credentials/${id}`);
	}

	/** Creates a workflow from {name, nodes, connections, settings?}; returns it (with id). */
	async importWorkflow(json) {
		const body = {
			name: json.name,
			nodes: json.nodes,
			connections: json.connections ?? {},
			settings: json.settings ?? { executionOrder: 'v1' },
		};
		if (json.staticData) body.staticData = json.staticData;
		return this.api('POST', '/workflows', body);
	}

	async getWorkflow(id) {
		return this.api('GET', `/workflows/${id}`);
	}

	async updateWorkflow(id, json) {
		return this.api('PUT', `/workflows/${id}`, {
			name: json.name,
			nodes: json.nodes,
			connections: json.connections ?? {},
			settings: json.settings ?? { executionOrder: 'v1' },
		});
	}

	/**
	 * Runs a workflow as the editor's "Execute workflow" or "Listen for test event" does (`start`:
	 * e.g. { triggerToStartFrom: { name } }); answers n8n's reply.
	 */
	async runManually(id, start) {
		if (this.facts.destinationByName && start.destinationNode)
			start = { ...start, destinationNode: start.destinationNode.nodeName };
		const body = this.facts.manualRunTakesWorkflow
			? { workflowData: await this.getWorkflow(id), ...start }
			: start;
		return this.rest('POST', `/workflows/${id}/run`, body);
	}

	/** Activates (in n8n 2.x: publishes) a workflow; production webhooks then answer. */
	async activate(id) {
		return this.api('POST', `/workflows/${id}/activate`);
	}

	async deactivate(id) {
		return this.api('POST', `/workflows/${id}/deactivate`);
	}

	/**
	 * With n8n 2.x's workflow publication service, a publish is applied after activate() answers:
	 * waits until n8n has applied it (its publication status is no longer "in_progress").
	 * Answers at once where the service is off (n8n answers 404) or absent (n8n 1.x).
	 * publicationActivated(answer) says whether every trigger was activated.
	 */
	async waitForPublication(id, timeoutMs = 60000) {
		const deadline = Date.now() + this.patient(timeoutMs);
		for (;;) {
			const r = await this.rest('GET', `/workflows/${id}/publication-status`, undefined, {
				raw: true,
			});
			if (r.status === 404) return undefined;
			const status = r.body?.data ?? r.body;
			if (r.status < 400 && status?.status !== 'in_progress') return status;
			if (Date.now() > deadline)
				throw new Error(`workflow ${id}: publication still ${JSON.stringify(status)}`);
			await sleep(200);
		}
	}

	async deleteWorkflow(id) {
		return this.api('DELETE', `/workflows/${id}`);
	}

	/** All executions of a workflow (newest first), with data. */
	async executions(workflowId, { includeData = true } = {}) {
		const out = [];
		let cursor;
		do {
			const qs = new URLSearchParams({
				workflowId: String(workflowId),
				includeData: String(includeData),
				limit: '250',
			});
			if (cursor) qs.set('cursor', cursor);
			const page = await this.api('GET', `/executions?${qs}`);
			out.push(...page.data.map(withStatus));
			cursor = page.nextCursor;
		} while (cursor);
		return out;
	}

	async execution(id) {
		return withStatus(await this.api('GET', `/executions/${id}?includeData=true`));
	}

	/**
	 * Waits until the workflow has at least n finished executions, and `until(list)` (if given, its
	 * `description` in the error) holds of them; returns them (oldest first). `settleMs` keeps
	 * watching a little longer to catch extra ones. It watches the list without the runs' data, and
	 * reads their data when that list has what was awaited and has changed since it last read it, or
	 * every 2 s (so nothing depends on n8n saving a run's data with its status).
	 */
	async waitForExecutions(workflowId, n, { timeoutMs = 60000, settleMs = 0, until } = {}) {
		const deadline = Date.now() + this.patient(timeoutMs);
		const finished = (e) =>
			e.finished || ['success', 'error', 'crashed', 'canceled'].includes(e.status) || e.stoppedAt;
		const enough = (list) => list.length >= n && list.every(finished);
		let list = [];
		let read = '';
		let readAt = 0;
		for (;;) {
			const summary = await this.executions(workflowId, { includeData: false });
			const seen = summary.map((e) => `${e.id}:${e.status}`).join();
			if (enough(summary) && (seen !== read || Date.now() - readAt > 2000)) {
				read = seen;
				readAt = Date.now();
				list = await this.executions(workflowId);
				if (enough(list) && (!until || until(list))) break;
			}
			if (Date.now() > deadline) {
				const done = summary.filter(finished).length;
				throw new Error(
					`expected ${n} finished executions of workflow ${workflowId}${until ? ` ${until.description}` : ''}, have ${done}/${summary.length}${enough(summary) ? ' (not yet what was awaited)' : ''}`,
				);
			}
			await sleep(200);
		}
		if (settleMs) {
			await sleep(this.patient(settleMs));
			list = await this.executions(workflowId);
		}
		return list.sort((a, b) => Number(a.id) - Number(b.id));
	}

	/**
	 * Waits until n8n has registered a production webhook (it does so shortly
	 * after activation). Probes with another method than the webhook's, so no
	 * execution starts: n8n then answers "not registered for GET requests"
	 * instead of "The requested webhook ... is not registered".
	 */
	async waitForWebhook(webhookPath, { method = 'POST', timeoutMs = 20000 } = {}) {
		const probe = method === 'GET' ? 'PATCH' : 'GET';
		const deadline = Date.now() + this.patient(timeoutMs);
		for (;;) {
			const res = await fetchRetrying(this.webhookUrl(webhookPath), { method: probe }).catch(
				() => null,
			);
			const text = res ? await res.text() : '';
			if (res && (res.status !== 404 || !/The requested webhook/i.test(text))) return;
			if (Date.now() > deadline)
				throw new Error(
					`webhook ${webhookPath} not registered after ${this.patient(timeoutMs)} ms: ${text}`,
				);
			await sleep(100);
		}
	}

	/** The bytes of a binary property of an execution's output (inline base64 or n8n's binary store). */
	async binaryData(binary) {
		if (
			binary.data &&
			binary.data !== 'filesystem' &&
			binary.data !== 'filesystem-v2' &&
			!binary.id
		) {
			return Buffer.from(binary.data, 'base64');
		}
		const qs = new URLSearchParams({ id: binary.id, action: 'download' });
		if (binary.fileName) qs.set('fileName', binary.fileName);
		if (binary.mimeType) qs.set('mimeType', binary.mimeType);
		const res = await fetchRetrying(`${this.url}/rest/binary-data?${qs}`, {
			headers: { Cookie: this.cookie },
		});
		if (!res.ok)
			throw new HttpError('GET', `/rest/binary-data?${qs}`, res.status, await res.text());
		return Buffer.from(await res.arrayBuffer());
	}

	/** Node types loaded by this n8n (the editor's list). */
	async nodeTypes() {
		const r = await httpJson('GET', `${this.url}/types/nodes.json`, {
			headers: { Cookie: this.cookie },
		});
		return r.body;
	}

	async restart() {
		await this.stop({ keepFolder: true });
		this.cookie = null;
		await this._spawn();
		if (this.command === 'start') await this.loginOwner();
		return this;
	}

	/** Synchronous last resort (process exit): kill the group, remove a throwaway folder. */
	_killNow() {
		if (this.proc && this.proc.exitCode === null && this.proc.signalCode === null)
			killGroup(this.proc.pid, 'SIGKILL');
		if (this.ownsFolder) {
			try {
				fs.rmSync(this.userFolder, { recursive: true, force: true });
			} catch {
				// best effort
			}
		}
	}

	/** Stops n8n (SIGTERM to its process group, SIGKILL after 20 s) and removes a throwaway user folder. */
	async stop({ keepFolder = false } = {}) {
		const proc = this.proc;
		const removing = !keepFolder && this.ownsFolder;
		if (proc && proc.exitCode === null && proc.signalCode === null) {
			for (const observer of observers) await observer.beforeStop?.(this, { removing });
			killGroup(proc.pid, 'SIGTERM');
			const timer = setTimeout(() => killGroup(proc.pid, 'SIGKILL'), 20000);
			await this.exited;
			clearTimeout(timer);
			// Children (task runners) of the group, if any survived.
			killGroup(proc.pid, 'SIGKILL');
		}
		live.delete(this);
		this.proc = null;
		for (const observer of observers) observer.stopped?.(this, { removing });
		if (removing) fs.rmSync(this.userFolder, { recursive: true, force: true });
	}
}

/**
 * Starts a real n8n with this package loaded.
 * @param {object} [opts]
 * @param {string} [opts.version]      n8n version (default scripts/n8n/VERSION, or N8N_VERSION)
 * @param {string} [opts.userFolder]   kept when given; a throwaway temp folder otherwise
 * @param {number} [opts.port]         free port when omitted
 * @param {object} [opts.env]          extra environment for n8n
 * @param {boolean} [opts.echo]        copy n8n's log to stderr
 * @param {string} [opts.command]      'start' (default), 'worker' or 'webhook' (queue mode: scripts/n8n/queue.js);
 *                                     `port` is then the worker's health port or the webhook processor's port
 * @param {boolean} [opts.publicApi]   false: no API key (n8n's public API is off, as E2E_TESTS=true turns
 *                                     it off on n8n 1.x and 2.0.3); drive it through `rest()` only
 */
async function startN8n(opts = {}) {
	const version = opts.version || process.env.N8N_VERSION || DEFAULT_VERSION;
	// Packed before n8n is installed: nothing an install runs can reach the tarball.
	packageTarball();
	const installDir = installN8n(version);
	const nodeBin = nodeFor(version);
	const ownsFolder = !opts.userFolder;
	const userFolder = opts.userFolder || fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-faxplus-'));
	// Its database, key and login are the owner's only (mkdtemp makes 0700 folders too).
	fs.mkdirSync(userFolder, { recursive: true, mode: 0o700 });
	log(`installing the package into n8n's user folder ${userFolder} (npm install)...`);
	installPackage(userFolder);
	const command = opts.command || 'start';

	// Fixed per folder, so a restart can decrypt the credentials.
	const keyFile = path.join(userFolder, 'faxplus-encryption-key');
	if (!fs.existsSync(keyFile))
		fs.writeFileSync(keyFile, crypto.randomBytes(24).toString('hex'), { mode: 0o600 });
	const loginFile = path.join(userFolder, 'faxplus-login.json');
	if (!fs.existsSync(loginFile)) {
		fs.writeFileSync(
			loginFile,
			JSON.stringify({
				email: 'owner@faxplus.test',
				password: `Fax-${crypto.randomBytes(6).toString('hex')}1`,
			}),
			{ mode: 0o600 },
		);
	}
	const login = JSON.parse(fs.readFileSync(loginFile, 'utf8'));
	// The one folder n8n's file nodes (Read/Write Files from Disk) may use, instead of
	// the default ~/.n8n-files in the real home; a real path, as n8n compares real paths.
	const filesDir = path.join(fs.realpathSync(userFolder), 'files');
	fs.mkdirSync(filesDir, { recursive: true });
	const port = opts.port || (await freePort());
	const brokerPort = await freePort();
	const major = Number(version.split('.')[0]);
	const facts = releaseFacts(installDir);
	const { ownerByEnv } = facts;

	const baseEnv = {
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		[facts.webhookUrlVariable]: `http://127.0.0.1:${port}/`,
		DB_TYPE: 'sqlite',
		N8N_ENCRYPTION_KEY: fs.readFileSync(keyFile, 'utf8').trim(),
		N8N_SECURE_COOKIE: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_MODE: 'external',
		// Made for each start: another local account cannot guess it to join the runners' broker.
		N8N_RUNNERS_AUTH_TOKEN: crypto.randomBytes(24).toString('hex'),
		N8N_RESTRICT_FILE_ACCESS_TO: filesDir,
		...(facts.disabledModules ? { N8N_DISABLED_MODULES: facts.disabledModules } : {}),
		// A worker answers /healthz/readiness only on its health server.
		...(command === 'worker'
			? {
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(port),
					N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
				}
			: {}),
		// n8n 1.123's default "vm" expression engine runs on isolated-vm 6, which needs Node >= 22
		// (it ships binaries for Node 22 and 24 only). On Node 20, which 1.x supports, n8n must be
		// told to use its "legacy" engine, as its users on Node 20 must.
		...(major < 2 && nodeMajor(nodeBin) < 22 ? { N8N_EXPRESSION_ENGINE: 'legacy' } : {}),
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		// No lookups at api.n8n.io (vetted community nodes, banners): nothing to reach here.
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_PUBLIC_API_DISABLED: 'false',
		N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL || 'info',
		N8N_LOG_OUTPUT: 'console',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		EXECUTIONS_DATA_PRUNE: 'false',
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		NODE_ENV: 'production',
	};
	if (ownerByEnv) {
		Object.assign(baseEnv, {
			N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
			N8N_INSTANCE_OWNER_EMAIL: login.email,
			N8N_INSTANCE_OWNER_PASSWORD_HASH: bcryptHash(installDir, login.password),
			N8N_INSTANCE_OWNER_FIRST_NAME: 'Fax',
			N8N_INSTANCE_OWNER_LAST_NAME: 'Tester',
		});
	}

	const inst = new N8nInstance({
		command,
		version,
		installDir,
		nodeBin,
		userFolder,
		ownsFolder,
		filesDir,
		port,
		login,
		ownerByEnv,
		facts,
		baseEnv,
		env: opts.env || {},
		echo: Boolean(opts.echo || process.env.N8N_ECHO === '1'),
		startTimeoutMs: opts.startTimeoutMs || 180000,
	});
	try {
		await inst._spawn();
		if (command !== 'start') return inst;
		await inst.loginOwner();
		if (opts.publicApi === false) return inst;
		const keyPath = path.join(userFolder, 'faxplus-api-key');
		if (fs.existsSync(keyPath)) inst.apiKey = fs.readFileSync(keyPath, 'utf8').trim();
		await inst.ensureApiKey();
	} catch (error) {
		await inst.stop({ keepFolder: !ownsFolder });
		throw error;
	}
	return inst;
}

/**
 * Whether a publication (waitForPublication's answer) activated every trigger: n8n 2.41 answers
 * {"status":"published","triggers":[{"status":"activated",…}]}. True where n8n has no such service.
 */
function publicationActivated(status) {
	return status === undefined || (status.triggers?.every((t) => t.status === 'activated') ?? false);
}

module.exports = {
	startN8n,
	observeN8n,
	installN8n,
	packageTarball,
	freePort,
	HttpError,
	httpJson,
	fetchRetrying,
	DEFAULT_VERSION,
	ROOT,
	PACKAGE_NAME,
	timings,
	patience,
	firstStartEstimate,
	publicationActivated,
};
