// The built server renders with React's production build, whatever NODE_ENV says (imported first
// by scripts/serve.mjs, before anything loads React). React picks its build from NODE_ENV when it
// is first loaded; but NODE_ENV=production also tells the configuration to require AUTH_SECRET
// and SITE_URL (src/server/config.ts), so a start without it (a laptop, the tests, the drills)
// rendered every page with React's development build: its checks made staff pages 3-4 times
// slower (issue 52: the workspace 400 ms instead of 100). NODE_ENV=development keeps that build.
import { createRequire } from 'node:module';

if (process.env.NODE_ENV !== 'development') {
  const require = createRequire(import.meta.url);
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    // What the server build imports (dist/server): the same modules its imports then get from Node's cache.
    for (const id of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server']) require(id);
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}
