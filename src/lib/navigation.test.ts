import { describe, expect, it } from 'vitest';
import { ariaCurrent, contactLink, isCurrentPath, navGroups } from './navigation';

describe('navGroups', () => {
  it('has the spec groups with their links, in order', () => {
    const hrefs = Object.fromEntries(navGroups.map((group) => [group.label, group.links.map((link) => link.href)]));
    expect(hrefs).toEqual({
      Solutions: [
        '/solutions/aws',
        '/solutions/cloud-migration',
        '/solutions/devops',
        '/solutions/ai-ml',
        '/solutions/software-engineering',
        '/solutions/data-engineering',
        '/solutions/blockchain',
        '/solutions/ai-trends',
      ],
      Services: [
        '/services/cloud-intelligence',
        '/services/cyber-security',
        '/services/devsecops',
        '/services/identity-management',
        '/services/threat-intelligence',
      ],
      Resources: ['/docs', '/blog'],
      Company: ['/about', '/company', '/careers', '/contact'],
    });
  });

  it('labels /solutions/aws "Cloud Solutions" and /docs "Documentation"', () => {
    const all = navGroups.flatMap((group) => group.links);
    expect(all.find((link) => link.href === '/solutions/aws')?.label).toBe('Cloud Solutions');
    expect(all.find((link) => link.href === '/docs')?.label).toBe('Documentation');
  });

  it('has a top-level Contact link', () => {
    expect(contactLink).toEqual({ href: '/contact', label: 'Contact' });
  });
});

describe('isCurrentPath', () => {
  it.each([
    ['/blog', '/blog', true],
    ['/blog', '/blog/', true],
    ['/blog', '/blog/3', true],
    ['/solutions/aws', '/solutions/aws/migration', true],
    ['/blog', '/blogroll', false],
    ['/', '/about', false],
    ['/', '/', true],
  ])('%s is current on %s: %s', (href, pathname, expected) => {
    expect(isCurrentPath(href, pathname)).toBe(expected);
  });
});

describe('ariaCurrent', () => {
  it('marks only links to the current page or a parent of it', () => {
    expect(ariaCurrent('/blog', '/blog/2')).toBe('page');
    expect(ariaCurrent('/careers', '/blog')).toBeUndefined();
  });
});
