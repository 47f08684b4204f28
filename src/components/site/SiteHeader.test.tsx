import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { navGroups } from '@/lib/navigation';
import { SiteHeader } from './SiteHeader';

// The header is server HTML that the shell script (site-shell.ts) enhances by its data attributes
// and aria-controls; this checks that contract, the end-to-end tests check the behaviour.
const html = renderToStaticMarkup(<SiteHeader pathname="/solutions/devops" />);
const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]));

describe('SiteHeader markup', () => {
  it('marks the parts the shell script enhances', () => {
    for (const attribute of ['data-site-header', 'data-desktop-nav', 'data-mobile-menu', 'data-logout']) {
      expect(html).toContain(attribute);
    }
    for (const group of navGroups) expect(html).toContain(`data-menu-group="${group.id}"`);
  });

  it('renders every menu closed, each toggle naming a panel that exists', () => {
    const toggles = [...html.matchAll(/<button[^>]*aria-controls="([^"]+)"[^>]*>/g)];
    expect(toggles).toHaveLength(navGroups.length + 1);
    for (const [button, panelId] of toggles) {
      expect(button).toContain('aria-expanded="false"');
      expect(ids.has(panelId)).toBe(true);
      expect(html).toMatch(new RegExp(`<div id="${panelId}" hidden=""`));
    }
  });

  it('carries every auth control, for CSS to pick from html[data-auth] before any script', () => {
    expect(html).toMatch(/href="\/auth"[^>]*>Sign In</);
    expect(html).toMatch(/href="\/admin"/);
    expect(html).toMatch(/>Logout</);
  });

  it('marks the current page', () => {
    expect(html.match(/aria-current="page"/g)).toHaveLength(2);
  });
});
