import { describe, expect, it } from 'vitest';
import { installedRenderer, RENDERER_ID } from './installed-source';
import { islandIds } from './island-ids';

describe('islandIds', () => {
  it('names an island by its component and its number in the page instead of a hash of its HTML, in the installed astro', () => {
    const code = islandIds().transform(installedRenderer(), RENDERER_ID)!;
    expect(code).not.toMatch(/\$\{html\}\s*\$\{serializeProps/);
    expect(code).toContain('result.helixpointIslands = (result.helixpointIslands ?? 0) + 1');
    // Only the name changes: the rest of the renderer is as installed.
    expect(code.replace(/const astroId = [^\n]*\n/, '')).toBe(
      installedRenderer().replace(/const astroId = shorthash\([\s\S]*?\n {2}\);\n/, ''),
    );
  });

  it('leaves other modules alone, and fails the build when astro no longer names islands that way', () => {
    expect(islandIds().transform('export const a = 1;', '/app/src/pages/index.astro')).toBeNull();
    expect(() => islandIds().transform('const astroId = makeId();', RENDERER_ID)).toThrow(/island's hashed name was not found/);
  });
});
