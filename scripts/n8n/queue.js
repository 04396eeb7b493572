'use strict';
// n8n in queue mode, as busy self-hosted installs run it, for the queue-mode suite
// (test/n8n/queue) and `npm run demo -- --queue`:
//
//   Postgres (Debian's, a throwaway cluster)      Redis (Debian's redis-server, no persistence)
//   main     `n8n start`    editor, REST/public API, activation; no production webhooks
//   worker   `n8n worker`   runs every execution (taken from Redis)
//   webhook  `n8n webhook`  x2, the processors that receive production webhooks
//   balancer a small round-robin HTTP proxy: /webhook/* to the processors, the rest to main;
//            N8N_WEBHOOK_URL points at it, so Fax.Plus endpoints get its URL.
//
// Everything listens on 127.0.0.1 on free ports and lives in one temp folder, removed by
// stop() (also on failure, Ctrl-C, or when this Node process exits). Each n8n process has
// its own user folder with the package installed from the one packed tarball (scripts/n8n/n8n.js), as
// on separate machines or images: nothing is shared but Postgres, Redis and the settings. Postgres
// and Redis take a password made for the run, as another local account may reach their ports.
// redis-server (and Debian's postgresql, if the machine lacks it) is installed with apt-get
// when missing (needs root).
//
//   const { startQueue } = require('./scripts/n8n/queue');
//   const q = await startQueue();   // { main, worker, webhooks: [a, b], balancer, postgres, redis, psql(), startWorker() }
//   await q.stop();
//
// CLI: node scripts/n8n/queue.js   (starts everything, prints the URLs, Ctrl-C stops it)

const { spawn, spawnSync, execFile } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { promisify } = require('node:util');
const { startN8n, freePort, ROOT } = require('./n8n');

const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function log(...args) {
	if (process.env.N8N_DRIVER_QUIET !== '1') console.error('[queue]', ...args);
}

/** Processes and folders to remove synchronously if this Node process exits without stop(). */
const leftovers = new Set();
let exitHooked = false;
function hookExit() {
	if (exitHooked) return;
	exitHooked = true;
	process.on('exit', () => {
		for (const cleanup of leftovers) cleanup();
	});
}

function killGroup(pid, signal) {
	try {
		process.kill(-pid, signal);
	} catch {
		// already gone
	}
}

/** A child process in its own process group, killed with the group. */
function spawnDaemon(command, args, { logFile, uid, gid, env } = {}) {
	const out = fs.openSync(logFile, 'a');
	const child = spawn(command, args, {
		detached: true,
		stdio: ['ignore', out, out],
		uid,
		gid,
		env: env ?? process.env,
	});
	fs.closeSync(out);
	child.exited = new Promise((resolve) =>
		child.once('exit', (code, signal) => resolve({ code, signal })),
	);
	return child;
}

async function stopDaemon(child, signal) {
	if (!child || child.exitCode !== null || child.signalCode !== null) return;
	killGroup(child.pid, signal);
	const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 10000);
	await child.exited;
	clearTimeout(timer);
}

/** Installs a Debian package with apt-get (needs root), without starting its service. */
function aptInstall(pkg) {
	if (process.getuid?.() !== 0)
		throw new Error(`${pkg} is missing: install it (apt-get install ${pkg}) or run as root`);
	log(`${pkg} is missing: apt-get install -y ${pkg}`);
	// Debian starts a package's service on install unless policy-rc.d says no: we run our own.
	const policy = '/usr/sbin/policy-rc.d';
	const ownPolicy = !fs.existsSync(policy);
	if (ownPolicy) fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
	try {
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		// Waits for another apt (npm test prepares Chromium and these side by side) instead of failing.
		for (const args of [
			['-o', 'DPkg::Lock::Timeout=600', 'update', '-qq'],
			['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '-qq', '--no-install-recommends', pkg],
		]) {
			const r = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
			if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${r.status})`);
		}
	} finally {
		if (ownPolicy) fs.rmSync(policy, { force: true });
	}
}

/** The redis-server binary; installs Debian's package when missing (a fresh CI machine has none). */
function ensureRedisServer() {
	const find = () =>
		['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => fs.existsSync(p));
	if (!find()) aptInstall('redis-server');
	if (!find()) throw new Error('apt-get installed redis-server, but it is not in /usr/bin');
	return find();
}

/** Debian's PostgreSQL server binaries (15 on Debian 12); installed when missing. */
function ensurePostgres() {
	if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) aptInstall('postgresql');
	if (!fs.existsSync(path.join(PG_BIN, 'initdb')))
		throw new Error(`no initdb in ${PG_BIN} (set PG_BIN to the PostgreSQL server binaries)`);
}

/** Answers when something accepts a connection on the port and, for Redis, lets `password` in and says PONG. */
function probe(port, { password } = {}) {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.setTimeout(1000);
		const done = (ok) => {
			socket.destroy();
			resolve(ok);
		};
		socket.once('error', () => done(false));
		socket.once('timeout', () => done(false));
		socket.once('connect', () => {
			if (password === undefined) return done(true);
			socket.write(`AUTH ${password}\r\nPING\r\n`);
			let answer = '';
			socket.on('data', (d) => {
				answer += d;
				if (answer.split('\r\n').length > 2) done(answer === '+OK\r\n+PONG\r\n');
			});
		});
	});
}

async function waitUntil(fn, what, child, logFile, timeoutMs = 60000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (await fn()) return;
		const gone = child.exitCode !== null || child.signalCode !== null;
		if (gone || Date.now() > deadline) {
			const tail = fs.existsSync(logFile)
				? fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n')
				: '';
			throw new Error(`${what} ${gone ? 'exited' : 'not ready'} while starting:\n${tail}`);
		}
		await sleep(100);
	}
}

/** n8n's settings for one of startPostgres's servers, reached on `port` (a proxy's) or its own. */
function postgresEnv(pg, port = pg.port) {
	return {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: pg.host,
		DB_POSTGRESDB_PORT: String(port),
		DB_POSTGRESDB_DATABASE: pg.database,
		DB_POSTGRESDB_USER: pg.user,
		DB_POSTGRESDB_PASSWORD: pg.password,
	};
}

/**
 * A throwaway Postgres cluster on a free loopback port, run as the `postgres` user when
 * we are root (Postgres refuses to run as root). Password authentication, like a server.
 */
async function startPostgres(dir) {
	ensurePostgres();
	const asRoot = process.getuid?.() === 0;
	const ids = asRoot
		? { uid: Number(run('id', ['-u', 'postgres'])), gid: Number(run('id', ['-g', 'postgres'])) }
		: {};
	fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
	const password = crypto.randomBytes(12).toString('hex');
	const pwfile = path.join(dir, '..', 'pg-password');
	fs.writeFileSync(pwfile, password, { mode: 0o600 });
	if (asRoot) {
		fs.chownSync(dir, ids.uid, ids.gid);
		fs.chownSync(pwfile, ids.uid, ids.gid);
	}
	const data = path.join(dir, 'data');
	const initdb = spawnSync(
		path.join(PG_BIN, 'initdb'),
		[
			'-D',
			data,
			'-U',
			'postgres',
			'--auth=scram-sha-256',
			`--pwfile=${pwfile}`,
			'-E',
			'UTF8',
			'--locale=C',
			'--no-sync',
		],
		{ ...ids, cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH, LANG: 'C' } },
	);
	fs.rmSync(pwfile, { force: true });
	if (initdb.status !== 0)
		throw new Error(`initdb failed (exit ${initdb.status}): ${initdb.stderr}`);
	const port = await freePort();
	const logFile = path.join(dir, 'postgres.log');
	// A test database: durability settings off (it is thrown away).
	const child = spawnDaemon(
		path.join(PG_BIN, 'postgres'),
		[
			'-D',
			data,
			'-p',
			String(port),
			'-k',
			dir,
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			'fsync=off',
			'-c',
			'synchronous_commit=off',
			'-c',
			'full_page_writes=off',
		],
		{ ...ids, logFile, env: { PATH: process.env.PATH, LANG: 'C' } },
	);
	if (asRoot) fs.chownSync(logFile, ids.uid, ids.gid);
	leftovers.add(cleanupOf(child));
	const pg = {
		port,
		host: '127.0.0.1',
		user: 'n8n',
		password: crypto.randomBytes(12).toString('hex'),
		database: 'n8n',
		process: child,
		logFile,
		/** Runs SQL (as the n8n user unless told), answers the rows as arrays of strings. */
		async psql(sql, { user = pg.user, database = pg.database, pass = pg.password } = {}) {
			const { stdout } = await promisify(execFile)(
				path.join(PG_BIN, 'psql'),
				[
					'-h',
					'127.0.0.1',
					'-p',
					String(port),
					'-U',
					user,
					'-d',
					database,
					'-X',
					'-q',
					'-A',
					'-t',
					'-F',
					'\t',
					'-v',
					'ON_ERROR_STOP=1',
					'-c',
					sql,
				],
				{ env: { ...process.env, PGPASSWORD: pass, PGCONNECT_TIMEOUT: '5' }, maxBuffer: 64 << 20 },
			);
			return stdout
				.split('\n')
				.filter((l) => l !== '')
				.map((l) => l.split('\t'));
		},
		async stop() {
			leftovers.delete(cleanupOf(child));
			await stopDaemon(child, 'SIGINT'); // fast shutdown
		},
	};
	await waitUntil(
		async () => {
			if (!(await probe(port))) return false;
			try {
				await pg.psql('SELECT 1', { user: 'postgres', database: 'postgres', pass: password });
				return true;
			} catch {
				return false;
			}
		},
		'postgres',
		child,
		logFile,
	);
	await pg.psql(`CREATE ROLE ${pg.user} LOGIN PASSWORD '${pg.password}'`, {
		user: 'postgres',
		database: 'postgres',
		pass: password,
	});
	await pg.psql(`CREATE DATABASE ${pg.database} OWNER ${pg.user}`, {
		user: 'postgres',
		database: 'postgres',
		pass: password,
	});
	return pg;
}

const cleanups = new WeakMap();
/** One synchronous "kill it now" per child (for the exit hook). */
function cleanupOf(child) {
	if (!cleanups.has(child)) cleanups.set(child, () => killGroup(child.pid, 'SIGKILL'));
	return cleanups.get(child);
}

function run(command, args) {
	return execFileSyncText(command, args).trim();
}

function execFileSyncText(command, args) {
	const r = spawnSync(command, args, { encoding: 'utf8' });
	if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${r.stderr}`);
	return r.stdout;
}

/** Redis on a free loopback port with a password (in a file only we read), nothing written to disk. */
async function startRedis(dir) {
	const bin = ensureRedisServer();
	fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
	const port = await freePort();
	const password = crypto.randomBytes(24).toString('hex');
	const config = path.join(dir, 'redis.conf');
	fs.writeFileSync(
		config,
		[
			`port ${port}`,
			'bind 127.0.0.1',
			`requirepass ${password}`,
			'save ""',
			'appendonly no',
			`dir ${dir}`,
			'',
		].join('\n'),
		{ mode: 0o600 },
	);
	const logFile = path.join(dir, 'redis.log');
	const child = spawnDaemon(bin, [config], { logFile });
	leftovers.add(cleanupOf(child));
	await waitUntil(() => probe(port, { password }), 'redis-server', child, logFile);
	return {
		port,
		host: '127.0.0.1',
		password,
		process: child,
		logFile,
		async stop() {
			leftovers.delete(cleanupOf(child));
			await stopDaemon(child, 'SIGTERM');
		},
	};
}

/**
 * The load balancer in front of the webhook processors: /webhook/* round-robin over them,
 * everything else to main. `targets` are filled in once the processes listen.
 */
async function startBalancer() {
	const lb = { webhookPorts: [], mainPort: null, next: 0, port: 0 };
	const server = http.createServer((req, res) => {
		const toProcessor = req.url.startsWith('/webhook/') && lb.webhookPorts.length > 0;
		const port = toProcessor ? lb.webhookPorts[lb.next++ % lb.webhookPorts.length] : lb.mainPort;
		if (!port) {
			res.writeHead(503).end();
			return;
		}
		const upstream = http.request(
			{ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
			(up) => {
				res.writeHead(up.statusCode, up.headers);
				up.pipe(res);
			},
		);
		upstream.on('error', () => {
			if (!res.headersSent) res.writeHead(502);
			res.end();
		});
		req.pipe(upstream);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	lb.port = server.address().port;
	lb.url = `http://127.0.0.1:${lb.port}`;
	lb.stop = () =>
		new Promise((resolve) => {
			server.closeAllConnections?.();
			server.close(() => resolve());
		});
	return lb;
}

/**
 * Starts the whole queue-mode set-up. Options: `version` (n8n), `echo` (copy n8n's logs),
 * `processors` (webhook processors, default 2), `env` (extra settings for every n8n process),
 * `through({ postgres, redis })` (async; answers `{ postgresPort, redisPort }` that n8n connects to instead).
 */
async function startQueue(opts = {}) {
	hookExit();
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-faxplus-queue-'));
	// The postgres user must reach its cluster folder inside.
	fs.chmodSync(root, 0o711);
	const removeRoot = () => fs.rmSync(root, { recursive: true, force: true, maxRetries: 5 });
	leftovers.add(removeRoot);
	const q = { root, webhooks: [] };
	const stoppers = [];
	q.stop = async () => {
		while (stoppers.length) {
			try {
				await stoppers.pop()();
			} catch (error) {
				log(`could not stop cleanly: ${error.message}`);
			}
		}
		removeRoot();
		leftovers.delete(removeRoot);
	};
	try {
		const t0 = Date.now();
		q.postgres = await startPostgres(path.join(root, 'postgres'));
		stoppers.push(() => q.postgres.stop());
		q.redis = await startRedis(path.join(root, 'redis'));
		stoppers.push(() => q.redis.stop());
		q.balancer = await startBalancer();
		stoppers.push(() => q.balancer.stop());
		q.encryptionKey = crypto.randomBytes(24).toString('hex');
		log(
			`postgres :${q.postgres.port}, redis :${q.redis.port}, balancer ${q.balancer.url} (${Date.now() - t0} ms)`,
		);

		// n8n reaches Postgres and Redis on their ports, or through the caller's (e.g. the fault
		// suite's TCP proxies: { postgresPort, redisPort, workerPostgresPort }).
		const via = opts.through ? await opts.through({ postgres: q.postgres, redis: q.redis }) : {};
		// What every process of one queue-mode install shares.
		const env = {
			...postgresEnv(q.postgres, via.postgresPort),
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: q.redis.host,
			QUEUE_BULL_REDIS_PORT: String(via.redisPort ?? q.redis.port),
			QUEUE_BULL_REDIS_PASSWORD: q.redis.password,
			N8N_ENCRYPTION_KEY: q.encryptionKey,
			// Production webhook URLs (what the trigger registers at Fax.Plus) are the balancer's.
			N8N_WEBHOOK_URL: `${q.balancer.url}/`,
			// The worker reads what a webhook processor stored (the trigger's downloaded document).
			N8N_DEFAULT_BINARY_DATA_MODE: 'database',
			N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			// n8n deletes a finished job at once by default; a job that finishes before its webhook
			// processor waits on it is then never seen finishing, and a webhook that answers when the
			// last node finishes never answers (Bull's job.finished(), OptimalBits/bull#2504).
			N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED: '1000',
			N8N_EXECUTIONS_QUEUE_KEEP_LAST_FAILED: '1000',
			...opts.env,
		};
		const common = { version: opts.version, echo: opts.echo, env };
		// Workers may reach Postgres on a port of their own (the fault suite's own proxy for them).
		const workerEnv =
			via.workerPostgresPort === undefined
				? env
				: { ...env, DB_POSTGRESDB_PORT: String(via.workerPostgresPort) };
		q.main = await startN8n({ ...common, command: 'start', userFolder: path.join(root, 'main') });
		stoppers.push(() => q.main.stop());
		q.balancer.mainPort = q.main.port;
		// Production webhooks are the balancer's; helpers that post to them go through it.
		q.main.webhookUrl = (p) => `${q.balancer.url}/webhook/${String(p).replace(/^\/+/, '')}`;

		// Main has migrated the database: the others start side by side.
		const processors = opts.processors ?? 2;
		const started = await Promise.allSettled([
			startN8n({
				...common,
				env: workerEnv,
				command: 'worker',
				userFolder: path.join(root, 'worker'),
			}),
			...Array.from({ length: processors }, (_, i) =>
				startN8n({
					...common,
					command: 'webhook',
					userFolder: path.join(root, `webhook-${'ab'[i] ?? i}`),
				}),
			),
		]);
		const up = started.filter((s) => s.status === 'fulfilled').map((s) => s.value);
		stoppers.push(() => Promise.all(up.map((n8n) => n8n.stop())));
		const failed = started.find((s) => s.status === 'rejected');
		if (failed) throw failed.reason;
		[q.worker, ...q.webhooks] = started.map((s) => s.value);
		q.balancer.webhookPorts = q.webhooks.map((w) => w.port);
		let moreWorkers = 0;
		/** One more worker, with settings of its own beside the shared ones; stopped with the rest. */
		q.startWorker = async (extraEnv = {}) => {
			const worker = await startN8n({
				...common,
				env: { ...workerEnv, ...extraEnv },
				command: 'worker',
				userFolder: path.join(root, `worker-${++moreWorkers + 1}`),
			});
			stoppers.push(() => worker.stop());
			return worker;
		};
		log(
			`queue mode ready in ${((Date.now() - t0) / 1000).toFixed(1)} s: main ${q.main.url}, worker health ${q.worker.url}, processors ${q.webhooks.map((w) => w.url).join(' ')}`,
		);
	} catch (error) {
		await q.stop();
		throw error;
	}
	q.psql = (sql) => q.postgres.psql(sql);
	/** Executions of a workflow as Postgres has them (every process writes there). */
	q.executionCount = async (workflowId) => {
		const [[n]] = await q.psql(
			`SELECT count(*) FROM execution_entity WHERE "workflowId" = '${String(workflowId).replace(/'/g, "''")}'`,
		);
		return Number(n);
	};
	return q;
}

module.exports = {
	startQueue,
	startPostgres,
	postgresEnv,
	startRedis,
	ensureRedisServer,
	ensurePostgres,
};

if (require.main === module) {
	(async () => {
		const q = await startQueue({ echo: process.env.N8N_ECHO === '1' });
		let stopping = false;
		const stop = async () => {
			if (stopping) return;
			stopping = true;
			console.log('\nStopping...');
			await q.stop();
			process.exit(0);
		};
		process.on('SIGINT', stop);
		process.on('SIGTERM', stop);
		console.log(`n8n ${q.main.version} in queue mode
  editor (main)          ${q.main.url}   login ${q.main.login.email} / ${q.main.login.password}
  production webhooks    ${q.balancer.url}/webhook/...  (round-robin over ${q.webhooks.map((w) => w.url).join(', ')})
  worker health          ${q.worker.url}/healthz
  postgres               postgresql://${q.postgres.user}:${q.postgres.password}@127.0.0.1:${q.postgres.port}/${q.postgres.database}
  redis                  127.0.0.1:${q.redis.port}   password in ${path.join(q.root, 'redis/redis.conf')}
  folder                 ${q.root}
Press Ctrl-C to stop everything.`);
		if (process.env.QUEUE_EXIT_WHEN_READY === '1') await stop();
		setInterval(() => {}, 1 << 30);
	})().catch((error) => {
		console.error(`queue mode failed: ${error.stack || error.message}`);
		process.exit(1);
	});
}
