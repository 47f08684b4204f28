import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise } from 'dependency-cruiser';

/*
 * The import rules of `npm run check` (.dependency-cruiser.cjs; decision 038) applied to a small
 * scratch tree laid out like src/: each rule must refuse the arrow it is about, and allow the ones
 * the layers permit. (The real tree is checked by `npm run check:imports`.)
 */
const rules = createRequire(import.meta.url)('../.dependency-cruiser.cjs');
const scratch = mkdtempSync(join(tmpdir(), 'import-rules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let tree = 0;
/** Writes the files of one tree and cruises it with the project's rules; returns the rules broken. */
async function violations(files) {
  const root = join(scratch, String((tree += 1)));
  for (const [path, imports] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    const lines = imports.map((spec) => (spec.startsWith('type ') ? `import type { T } from '${spec.slice(5)}';` : `import '${spec}';`));
    writeFileSync(join(root, path), `${lines.join('\n')}\nexport type T = number;\n`);
  }
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const { tsConfig: _ignored, ...options } = rules.options;
    const result = await cruise(['src'], { ...options, validate: true, ruleSet: { forbidden: rules.forbidden } });
    return result.output.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
  } finally {
    process.chdir(cwd);
  }
}

describe('the import rules', () => {
  it('refuse a circle, also one made of type imports only', async () => {
    const broken = await violations({
      'src/server/alerts/alerts.ts': ['type ../positions/board.ts'],
      'src/server/positions/board.ts': ['type ../alerts/alerts.ts'],
    });
    expect(broken.some((line) => line.startsWith('no-circular: src/server/alerts/alerts.ts'))).toBe(true);
  });

  it('refuse the platform importing a domain (the job queue importing a domain’s handler)', async () => {
    const broken = await violations({ 'src/server/jobs/queue.ts': ['../alerts/alerts.ts'], 'src/server/alerts/alerts.ts': [] });
    expect(broken).toEqual(['platform-not-domains: src/server/jobs/queue.ts → src/server/alerts/alerts.ts']);
  });

  it('refuse arrows up a layer: lib → content, server → integrations, content → components', async () => {
    const broken = await violations({
      'src/lib/docs-search.ts': ['type ../content/types.ts'],
      'src/content/types.ts': ['../components/Card.tsx'],
      'src/components/Card.tsx': [],
      'src/server/http/static-site.ts': ['../../integrations/precompress.ts'],
      'src/integrations/precompress.ts': [],
    });
    expect(broken.sort()).toEqual([
      'content-below-pages: src/content/types.ts → src/components/Card.tsx',
      'lib-imports-only-lib: src/lib/docs-search.ts → src/content/types.ts',
      'server-not-up: src/server/http/static-site.ts → src/integrations/precompress.ts',
    ]);
  });

  it('allow the layers’ own arrows: a domain registering with the platform, pages using everything, server using lib', async () => {
    const broken = await violations({
      'src/server/alerts/module.ts': ['../runtime-types.ts', '../jobs/queue.ts', '../../lib/forms.ts'],
      'src/server/runtime-types.ts': ['type ./jobs/queue.ts'],
      'src/server/jobs/queue.ts': [],
      'src/server/modules.ts': ['./alerts/module.ts'],
      'src/lib/forms.ts': [],
      'src/pages/index.ts': ['../server/modules.ts', '../content/home.ts', '../components/Card.tsx'],
      'src/content/home.ts': ['../lib/forms.ts'],
      'src/components/Card.tsx': ['../lib/forms.ts'],
    });
    expect(broken).toEqual([]);
  });
});
