'use strict';
// Restarts an n8n process the way Docker's restart policy (`restart: always`) does: whenever it
// exits (a crash, n8n's own exit after losing Redis, or our SIGKILL), it is started again after a
// short delay, on the same port, with the same user folder and settings.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const RESTART_DELAY_MS = 1000;

function supervise(inst, name, note) {
	const s = { inst, name, restarts: 0, exits: [], stopped: false, starting: null };
	const loop = (async () => {
		for (;;) {
			const exit = await inst.exited;
			if (s.stopped) return;
			s.exits.push(exit);
			note(
				`${name} exited (${exit.signal ?? `code ${exit.code}`}); restarting it in ${RESTART_DELAY_MS / 1000} s`,
			);
			await sleep(RESTART_DELAY_MS);
			if (s.stopped) return;
			const t0 = Date.now();
			s.starting = (async () => {
				try {
					await inst._spawn();
					s.restarts += 1;
					note(
						`${name} ready again (${((Date.now() - t0) / 1000).toFixed(1)} s after its restart)`,
					);
				} catch (error) {
					note(`${name} failed to start (${String(error.message).split('\n')[0]})`);
				}
				// The editor's session, for the suite's API calls (n8n may answer 503 a while: "Database is not ready").
				const alive = () =>
					inst.proc && inst.proc.exitCode === null && inst.proc.signalCode === null;
				for (let i = 0; inst.command === 'start' && alive() && i < 120; i++) {
					if (
						await inst.loginOwner().then(
							() => true,
							() => false,
						)
					)
						break;
					await sleep(1000);
				}
			})();
			await s.starting;
			s.starting = null;
			if (s.stopped) return;
		}
	})();
	/** SIGKILL to the process group (the restart follows). */
	s.kill = () => {
		note(`SIGKILL ${name} (pid ${inst.proc.pid})`);
		process.kill(-inst.proc.pid, 'SIGKILL');
	};
	/** Resolves once the process runs and /healthz/readiness answers 200. */
	s.ready = async (timeoutMs = 600000) => {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const alive = inst.proc && inst.proc.exitCode === null && inst.proc.signalCode === null;
			if (alive && !s.starting) {
				const ok = await fetch(`${inst.url}/healthz/readiness`, {
					signal: AbortSignal.timeout(2000),
				}).then(
					(r) => r.ok,
					() => false,
				);
				if (ok) return;
			}
			if (Date.now() > deadline) throw new Error(`${name} not ready after ${timeoutMs / 1000} s`);
			await sleep(250);
		}
	};
	s.stop = async () => {
		s.stopped = true;
		await inst.stop();
		if (s.starting) await s.starting;
		// A start that was under way when stop() came.
		await inst.stop();
		await loop;
	};
	return s;
}

module.exports = { supervise };
