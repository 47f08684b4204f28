import { describe, expect, it } from 'vitest';
import { iconsRenderedOnce } from './icons-rendered-once';
import { installedFile } from './installed-source';

const ICON_ID = '/app/node_modules/lucide-react/dist/esm/Icon.mjs';
const installedIcon = () => installedFile('lucide-react', 'dist/esm/Icon.mjs');

describe('iconsRenderedOnce', () => {
  it("wraps the installed lucide's Icon render with the server's renderedOnce, and changes nothing else", () => {
    const code = iconsRenderedOnce().transform(installedIcon(), ICON_ID)!;
    expect(code).toMatch(/import \{ renderedOnce as helixpointRenderedOnce \} from ".*src\/server\/render\/icons-rendered-once\.ts";/);
    expect(code).toContain('Icon.render = helixpointRenderedOnce(Icon.render, useLucideContext);\nexport { Icon as default };');
    expect(code.replace(/import \{ renderedOnce as helixpointRenderedOnce \}[^\n]*\nIcon\.render = [^\n]*\n/, '')).toBe(installedIcon());
  });

  it('leaves other modules alone, and fails the build when lucide no longer defines its Icon that way', () => {
    expect(iconsRenderedOnce().transform('export const a = 1;', '/app/node_modules/lucide-react/dist/esm/icons/users.mjs')).toBeNull();
    expect(() => iconsRenderedOnce().transform('export default function Icon() {}', ICON_ID)).toThrow(/Icon was not found as expected/);
  });
});
