import { describe, expect, it } from 'vitest';
import { installedRenderer, RENDERER_ID } from './installed-source';
import { reactWithoutTrial } from './react-without-trial';

describe('reactWithoutTrial', () => {
  it('gives a function component to React when it is the only framework renderer, before any renderer is asked, in the installed astro', () => {
    const code = reactWithoutTrial().transform(installedRenderer(), RENDERER_ID)!;
    const chosen = code.indexOf('frameworks[0].name === "@astrojs/react"');
    expect(chosen).toBeGreaterThan(code.indexOf('renderer = renderers.find(({ name }) => name === rendererName);'));
    expect(chosen).toBeLessThan(code.indexOf('r.ssr.check.call('));
    // Only that is added: the rest of the renderer is as installed.
    expect(code.replace(/\n {4}if \(!renderer && typeof Component === "function"\) \{[\s\S]*?\n {4}\}/, '')).toBe(installedRenderer());
  });

  it('leaves other modules alone, and fails the build when astro no longer chooses renderers that way', () => {
    expect(reactWithoutTrial().transform('export const a = 1;', '/app/src/pages/index.astro')).toBeNull();
    expect(() => reactWithoutTrial().transform('let renderer;', RENDERER_ID)).toThrow(/renderer of a tagged component was not found/);
  });
});
