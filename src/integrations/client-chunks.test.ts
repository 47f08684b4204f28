import { describe, expect, it } from 'vitest';
import { adminOnly, lucideDirectImports, sharedGroup } from './client-chunks';

const transform = (code: string, id = '/app/src/components/careers/JobBoard.tsx') => lucideDirectImports().transform(code, id);

describe('lucideDirectImports', () => {
  it('imports each icon from its own module, aliases included, so the chunking sees who draws it', () => {
    expect(transform("import { Search, Loader2 as Spinner,\n  MapPin } from 'lucide-react';\nexport {};")).toBe(
      "import Search from 'lucide-react/icons/search';\nimport Spinner from 'lucide-react/icons/loader-circle';\nimport MapPin from 'lucide-react/icons/map-pin';\nexport {};",
    );
  });

  it('leaves alone what it cannot map (types, unknown names) and code outside src', () => {
    const withType = "import { type LucideIcon, Search } from 'lucide-react';";
    expect(transform(withType)).toBe(withType);
    expect(transform("import { Search } from 'lucide-react';", '/app/node_modules/x/index.tsx')).toBeNull();
    expect(transform("import { Search } from 'react';")).toBeNull();
  });
});

/** A module graph as Rolldown shows it while chunking: who imports whom, and which are entries (islands). */
function graph(edges: Record<string, string[]>, entries: string[]) {
  const importers = new Map<string, string[]>();
  for (const [from, tos] of Object.entries(edges)) for (const to of tos) importers.set(to, [...(importers.get(to) ?? []), from]);
  return {
    getModuleInfo: (id: string) => ({ importers: importers.get(id) ?? [], isEntry: entries.includes(id) }),
  };
}
const src = (path: string) => `/app/src/${path}`;

describe('the rule for modules no group names', () => {
  const context = graph(
    {
      [src('components/account/ProfileForm.tsx')]: [src('components/account/use-command.ts'), src('components/auth/FormAlert.tsx')],
      [src('components/account/SessionsList.tsx')]: [src('components/account/use-command.ts'), src('lib/one-island.ts')],
      [src('components/auth/AuthPanel.tsx')]: [src('components/auth/FormAlert.tsx')],
      [src('components/admin/UsersTable.tsx')]: [src('lib/admin-only.ts'), src('lib/everyone.ts')],
      [src('components/admin/Invitations.tsx')]: [src('lib/admin-only.ts')],
      [src('components/careers/JobBoard.tsx')]: [src('lib/everyone.ts'), src('components/ui/button.tsx')],
      [src('components/contact/ContactForm.tsx')]: [src('components/ui/button.tsx')],
      [src('lib/admin-only.ts')]: [src('lib/admin-helper.ts')],
    },
    [
      src('components/account/ProfileForm.tsx'),
      src('components/account/SessionsList.tsx'),
      src('components/auth/AuthPanel.tsx'),
      src('components/admin/UsersTable.tsx'),
      src('components/admin/Invitations.tsx'),
      src('components/careers/JobBoard.tsx'),
      src('components/contact/ContactForm.tsx'),
    ],
  );

  it('leaves a module one island uses in that island’s file', () => {
    expect(sharedGroup(src('lib/one-island.ts'), context)).toBeNull();
  });

  it('puts what the islands of one feature share in that feature’s file, and what features share in one shared file', () => {
    expect(sharedGroup(src('components/account/use-command.ts'), context)).toBe('account-shared');
    expect(sharedGroup(src('components/auth/FormAlert.tsx'), context)).toBe('shared');
    expect(sharedGroup(src('lib/everyone.ts'), context)).toBe('shared');
  });

  it('keeps what only the admin area uses (directly or through another module) out of public files', () => {
    expect(adminOnly(src('lib/admin-only.ts'), context)).toBe(true);
    expect(adminOnly(src('lib/admin-helper.ts'), context)).toBe(true);
    expect(adminOnly(src('lib/everyone.ts'), context)).toBe(false);
  });

  it('does not touch a module a group names (the design system’s button goes with React)', () => {
    expect(sharedGroup(src('components/ui/button.tsx'), context)).toBeNull();
  });
});
