import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

const read = (path) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);

describe('the server is started with the same memory settings everywhere', () => {
  it('npm run serve', () => {
    const serve = JSON.parse(read('package.json')).scripts.serve;
    expect(serve).toBe(`${env.join(' ')} node ${SERVER_NODE_FLAGS.join(' ')} scripts/serve.mjs`);
  });

  it('the systemd unit', () => {
    const unit = read('deploy/helixpoint@.service');
    expect(unit).toContain(`Environment=${env.join(' ')}\n`);
    expect(unit).toContain(`/node ${SERVER_NODE_FLAGS.join(' ')} scripts/serve.mjs\n`);
  });
});
