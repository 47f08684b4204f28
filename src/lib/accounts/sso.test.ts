import { describe, expect, it } from 'vitest';
import { domainOf, ownsAddress, parseDomains, roleFromClaim, ssoSettingsSchema } from './sso';

const valid = {
  name: 'Acme Login',
  issuer: 'https://login.acme.example/realms/staff',
  clientId: 'helixpoint',
  clientSecret: 's3cret',
  domains: ['acme.example'],
  roleClaim: 'groups',
  roleMap: [{ value: 'hr', role: 'recruiter' as const }],
  ssoOnly: false,
  sessionHours: 12,
  enabled: true,
};

const messageOf = (input: Record<string, unknown>) => {
  const parsed = ssoSettingsSchema.safeParse({ ...valid, ...input });
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('single sign-on rules (issue 56)', () => {
  it('reads domains as typed: commas, spaces, an @, upper case, each once', () => {
    expect(parseDomains(' Acme.example, @helix.io;acme.example\nlab.acme.example ')).toEqual([
      'acme.example',
      'helix.io',
      'lab.acme.example',
    ]);
  });

  it('owns an address of its domains only, not of a subdomain or a look-alike', () => {
    expect(ownsAddress(['acme.example'], 'rita@acme.example')).toBe(true);
    expect(ownsAddress(['acme.example'], 'rita@lab.acme.example')).toBe(false);
    expect(ownsAddress(['acme.example'], 'rita@evilacme.example')).toBe(false);
    expect(ownsAddress(['acme.example'], 'acme.example')).toBe(false);
    expect(domainOf('Rita@ACME.example')).toBe('acme.example');
  });

  it('gives the role of the first row the claim holds, from a list or one value; none without a match', () => {
    const map = [
      { value: 'it-admins', role: 'admin' as const },
      { value: 'hr', role: 'recruiter' as const },
    ];
    expect(roleFromClaim(['hr', 'it-admins'], map)).toBe('admin');
    expect(roleFromClaim('hr', map)).toBe('recruiter');
    expect(roleFromClaim(['marketing'], map)).toBeNull();
    expect(roleFromClaim(undefined, map)).toBeNull();
    expect(roleFromClaim([{ hr: true }, 42], map)).toBeNull();
  });

  it('names the field and the rule of each mistake', () => {
    expect(messageOf({})).toBeNull();
    expect(messageOf({ issuer: 'ftp://login.acme.example' })).toBe(
      'Issuer URL: enter a web address that starts with https://, without a query.',
    );
    expect(messageOf({ issuer: 'https://user:pw@login.acme.example' })).toMatch(/^Issuer URL: /);
    expect(messageOf({ domains: [] })).toBe('Domains: enter at least one e-mail domain the provider owns.');
    expect(messageOf({ domains: ['not a domain'] })).toBe('Domains: enter domains such as example.com, separated by commas.');
    expect(messageOf({ roleClaim: 'groups and more' })).toMatch(/^Role claim: /);
    expect(messageOf({ roleMap: [{ value: 'hr', role: 'user' }] })).toBe('Role map: choose a staff role.');
    expect(messageOf({ roleMap: [valid.roleMap[0], valid.roleMap[0]] })).toBe('Role map: give each value once.');
    expect(messageOf({ sessionHours: 0 })).toBe('Session length: between 1 and 720 hours.');
    expect(messageOf({ sessionHours: 1.5 })).toBe('Session length: enter a whole number of hours.');
    expect(messageOf({ name: 'A\nB' })).toMatch(/line/i);
  });
});
