import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS } from '../src/server/http/server.ts';

/* The settings of deploy/ that zero-downtime restarts depend on (decision 035). */

const read = (path) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const seconds = (text, pattern) => Number(pattern.exec(text)?.[1]);

describe('deploy/helixpoint@.service', () => {
  const unit = read('deploy/helixpoint@.service');

  it('signals only the server, which stops its own PostgreSQL after draining', () => {
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(unit).toMatch(/^KillMode=mixed$/m);
  });

  it('waits longer than the server’s own shutdown budget (drain, jobs, then its hard stop) before killing it', () => {
    const drain = seconds(unit, /DRAIN_TIMEOUT_SECONDS=(\d+)/);
    const serve = read('scripts/lib/server-main.mjs');
    const jobs = seconds(serve, /JOBS_AFTER_DRAIN_MS = (\d+)_000;/);
    expect(drain).toBeGreaterThan(0);
    expect(jobs).toBeGreaterThan(0);
    expect(seconds(unit, /^TimeoutStopSec=(\d+)$/m)).toBeGreaterThanOrEqual(drain + jobs + 10);
  });

  it('counts an instance started only once it answers /readyz, and runs the release `current` points at', () => {
    expect(unit).toMatch(/^ExecStartPost=.*scripts\/wait-ready\.mjs$/m);
    expect(unit).toMatch(/^WorkingDirectory=\/opt\/helixpoint\/current$/m);
  });
});

describe('deploy/nginx.conf', () => {
  const nginx = read('deploy/nginx.conf');

  it('closes idle upstream connections before the instances do', () => {
    expect(seconds(nginx, /keepalive_timeout (\d+)s;/) * 1000).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
  });

  it('sends a request that could not reach an instance to the next, and asks every instance for an asset one lacks', () => {
    expect(nginx).toMatch(/proxy_next_upstream error timeout;/);
    expect(nginx).toMatch(/location \/_astro\/ \{[^}]*proxy_next_upstream error timeout http_404;[^}]*\}/);
  });
});
