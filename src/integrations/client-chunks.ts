import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * How the browser's JavaScript is cut into files (the client build only). Left to itself the
 * bundler makes one small file per set of islands sharing a module: 16 files on a content page,
 * 31 on the apply page, 42 on /contact, each one more request before the page is interactive.
 * Issue 20 allows at most 8 before interaction, so modules are grouped by who needs them
 * (docs/decisions/016):
 *
 * - shell: the script of every page (header behaviour, toast facade, flash cookie), one file;
 *   islands import what they share with it from there, and it is always loaded already;
 * - react: React and the small design-system pieces nearly every island uses (buttons, inputs,
 *   cn, the icons of the design system and the apply form); loaded by every page with an island,
 *   never by a shell page; `icons` holds the few other icons that several islands share;
 * - forms: react-hook-form, zod and the form-only pieces (upload field, honeypot, error summary,
 *   country select, the forms' texts, the privacy consent): loaded when a public form is first used
 *   (components/ui/deferred.tsx, decision 051), with the page by the account and admin pages;
 * - actions: Astro Actions' client, which the public forms load when they are sent (not with the
 *   page: the apply page's byte budget) and the account and admin islands with their pages;
 * - widgets: the design system's own tabs and accordion (the contact page's offices and questions);
 * - radix: the Radix widgets (dialog, toggle group...): the admin area's and the kit's, no public page;
 * - accounts: the rules and texts of sign-in, sign-up, two factors and the account page (and the
 *   dates they show): /auth and /account, and the admin area's invitations;
 * - contact: the contact page's islands, one file; contact-form: its form and the form's rules and
 *   texts, loaded when the form is first used (components/ui/deferred.tsx, decision 051);
 * - booking: the booking pages' small script (Book a Meeting, an interview invitation), one file;
 * - (no group) lib/phone/phone.ts, with libphonenumber and every country's calling code, is the
 *   file the forms load when they first check a number; each numbering zone's rules are a file of
 *   their own, loaded with the first number of that zone (decision 032);
 * - screening: the apply form of a position that asks questions of its own, one file;
 * - admin: the admin area's islands and every module only they use, found in the module graph
 *   (all the islands that import it, directly or not, are in components/admin/): one file for
 *   the staff pages. A module a public island imports too is never in it, so public pages never
 *   load the admin file. pdf.js is not in it: PdfPreview imports it on demand, as files of its own;
 * - anything else (a new module no group names) by one rule, sharedGroup(): with its island when
 *   one island uses it, in `<feature>-shared` when the islands of one feature share it, in
 *   `shared` when several features do. Never one file per set of islands (decision 039).
 *
 * A group takes its modules' dependencies with it unless a group of higher priority has them,
 * so the order of priorities is the order of the list below; the rule for the rest comes last,
 * after every group has taken its dependencies.
 */

type Test = (id: string) => boolean;
/** Rolldown's view of the module graph while it groups modules. */
interface ChunkingContext {
  getModuleInfo(id: string): { importers: readonly string[]; isEntry: boolean } | null;
}

const inPackage =
  (...names: string[]): Test =>
  (id) =>
    names.some((name) => id.includes(`/node_modules/${name}/`));
const inSource =
  (pattern: RegExp): Test =>
  (id) =>
    pattern.test(id.replace(/\\/g, '/').split('/src/').slice(1).join('/src/'));
const any =
  (...tests: Test[]): Test =>
  (id) =>
    tests.some((test) => test(id));

/** The shell script (BaseLayout's <script>) and the modules it uses. */
const shell = any(
  (id) => id.includes('/src/layouts/BaseLayout.astro?astro&type=script'),
  inSource(/^components\/site\/[a-z-]+\.ts$/),
  inSource(/^components\/blog\/share\.ts$/),
  inSource(/^lib\/(menu-controller|auth-hint|flash)\.ts$/),
  // Vite's helper around dynamic imports (the toast area's).
  (id) => id.includes('vite/preload-helper'),
);

const lucideIcon: Test = (id) => id.includes('/node_modules/lucide-react/dist/esm/icons/');

const react = any(
  inPackage('react', 'react-dom', 'scheduler', '@astrojs/react', 'clsx', 'class-variance-authority'),
  (id) => inPackage('lucide-react')(id) && !lucideIcon(id),
  inSource(/^components\/ui\/(button|button-variants|link-button|input|label|select|textarea|form-field|badge|deferred)\.tsx?$/),
  inSource(/^lib\/cn\.ts$/),
  // The job board's texts, which the apply form and the admin area use too.
  inSource(/^lib\/positions\/texts\.ts$/),
  // The sent application's confirmation (a few lines): written by the apply form, read by the job board.
  inSource(/^lib\/applications\/confirmation\.ts$/),
);

// With the design system's wrappers (their icons are the react group's, which comes first).
const radix = any(inPackage('radix-ui', '@radix-ui'), inSource(/^components\/ui\/(toggle-group|dialog)\.tsx$/));
// The design system's own tabs and accordion (no Radix: the contact page's budget, issue 36), above
// `radix`, whose toggle group shares the tabs' look.
const widgets = inSource(/^components\/ui\/(tabs|accordion|segment)\.tsx?$/);

const forms = any(
  inPackage('react-hook-form', '@hookform/resolvers', 'zod', '@standard-schema'),
  inSource(/^lib\/(honeypot|uploads|forms)\.ts$/),
  // What the forms with a phone number share (the country list itself is rendered on the server).
  inSource(/^lib\/phone\/fields\.ts$/),
  // The forms' texts and the privacy consent, which admin islands share with the public forms.
  inSource(/^lib\/applications\/(texts|schema|source)\.ts$/),
  // The "heard about us" question's label: the apply form and the admin area's editor.
  inSource(/^lib\/insights\/heard-about\.ts$/),
  inSource(/^lib\/privacy\/notice\.ts$/),
  inSource(
    /^components\/ui\/(file-upload-field|upload-file|honeypot|checkbox|privacy-note|error-summary|radio-group-field|country-select|use-phone-country)\.tsx?$/,
  ),
);

// Astro Actions' client and the devalue parser it answers with.
const actions = any((id) => id.includes('astro/dist/actions') || id.includes('astro:actions'), inPackage('devalue'));

// Sign-in, sign-up, two factors and the account page's rules and texts (also the admin area's
// invitations): /auth and /account only, not every form page.
const accounts = any(inSource(/^lib\/accounts\/[a-z-]+\.ts$/), inSource(/^lib\/format\.ts$/));

const adminIsland = inSource(/^components\/admin\/[A-Za-z-]+\.tsx?$/);

/**
 * The islands (entries) a module is part of: its entries among its importers, followed up the
 * static imports (a dynamic import is loaded on demand, as a file of its own). Per chunking pass.
 */
const entriesMemo = new WeakMap<ChunkingContext, Map<string, ReadonlySet<string>>>();
function entriesOf(id: string, context: ChunkingContext): ReadonlySet<string> {
  let memo = entriesMemo.get(context);
  if (!memo) entriesMemo.set(context, (memo = new Map()));
  const known = memo.get(id);
  if (known) return known;
  const entries = new Set<string>();
  memo.set(id, entries); // an import circle ends here
  const info = context.getModuleInfo(id);
  if (info?.isEntry) entries.add(id);
  for (const importer of info?.importers ?? []) for (const entry of entriesOf(importer, context)) entries.add(entry);
  return entries;
}

/** The feature an island belongs to, by its folder (components/<feature>/); the shell script is `shell`. */
function featureOf(entry: string): string {
  if (shell(entry)) return 'shell';
  return /\/src\/components\/([a-z-]+)\//.exec(entry.replace(/\\/g, '/'))?.[1] ?? entry;
}

/** The features whose islands use a module. */
const featuresOf = (id: string, context: ChunkingContext): Set<string> => new Set([...entriesOf(id, context)].map(featureOf));

/** A module only the admin area's islands use goes into the admin file (never a public page's). */
export const adminOnly = (id: string, context: ChunkingContext): boolean => {
  const features = featuresOf(id, context);
  return features.size === 1 && features.has('admin');
};

// The apply form of a position with questions of its own (its island, the questions' fields and the
// answers' rules): one file, loaded by those positions' pages only.
// The apply form itself, above `screening`, which would otherwise take it along as a dependency.
const apply = inSource(/^components\/careers\/(ApplicationForm|ConsentFields|success-sequence)\.tsx?$/);

const questionsModule = inSource(/^lib\/screening\/questions\.ts$/);

const screening = any(
  inSource(/^components\/careers\/(ApplicationFormWithQuestions|ScreeningFields)\.tsx$/),
  inSource(/^lib\/screening\/answers-schema\.ts$/),
);

// The contact page's islands (imported from contact-islands.ts) and what they share: one file.
const contact = inSource(/^components\/contact\/(?!ContactForm\.)[A-Za-z-]+\.tsx?$/);
// Its form, loaded when first used (components/ui/deferred.tsx), with the rules and texts of the
// form, which the admin inbox shares: one file, below `contact`, so that what the page's islands
// share with the form (the site's addresses) is in the page's file, not the form's.
const contactForm = any(inSource(/^components\/contact\/ContactForm\.tsx$/), inSource(/^lib\/messages\/(texts|schema)\.ts$/));

// The booking pages' one script (the visitor's zone on arrival): Book a Meeting and a candidate's
// interview invitation both load it, and nothing else of theirs runs in the browser. Named, so that
// being shared by two pages does not put it in the `shared` file (which brings React with it).
const booking = inSource(/^components\/booking\/[a-z-]+\.ts$/);

/** Who an icon's importer is, for placing the icon: the admin area, the contact page, or the importing component. */
const iconOwner = (id: string): string => (adminIsland(id) ? 'admin' : contact(id) ? 'contact' : id);

/**
 * An icon goes with the code that draws it. Icons of the design-system components and of the apply
 * form go into `react`, which every island page loads (the apply form's so that its page, the one
 * with a byte budget, loads no extra file); an icon that one component uses (or only the admin
 * area, or only the contact page) into that code's file; an icon that several others share into a
 * small `icons` file, loaded by the pages that draw one of them. So the apply page carries only
 * its own icons. Needs each icon imported from its own module, which lucideDirectImports() arranges.
 */
const iconGroup = (id: string, context: ChunkingContext): string | null => {
  const importers = context.getModuleInfo(id)?.importers ?? [];
  if (importers.some(inSource(/^components\/(ui\/|careers\/ApplicationForm\.tsx$)/))) return 'react';
  return new Set(importers.map(iconOwner)).size === 1 ? null : 'icons';
};

/**
 * The rule for a module no group names (a new shared module, a new island's helper): it is never
 * left to the bundler, which would cut a file per set of islands sharing it (adding one 5-line
 * module once took /auth from 7 files to 10). Used by one island, it stays in that island's file;
 * shared by islands of one feature (one folder of components/), it goes into that feature's file
 * (`account-shared`); shared across features, into one `shared` file. Whatever the graph, that is
 * at most two files more than the groups above, never one per combination of islands. Code
 * loaded on demand (a dynamic import: the phone rules, pdf.js, the toast area) keeps its own file.
 */
const named = (id: string): boolean => unnamedExceptions(id) || groupTests.some((test) => test(id));
const unnamedExceptions: Test = (id) => lucideIcon(id);
let groupTests: Test[] = [];
export function sharedGroup(id: string, context: ChunkingContext): string | null {
  if (named(id)) return null;
  const features = featuresOf(id, context);
  if (entriesOf(id, context).size < 2 || features.has('shell')) return null;
  return features.size === 1 ? `${[...features][0]!}-shared` : 'shared';
}

const groups: { name: string | ((id: string, context: ChunkingContext) => string | null); test: Test }[] = [
  { name: 'shell', test: shell },
  // One group with the icons React's file takes, so they share its file.
  { name: (id, context) => (!lucideIcon(id) || iconGroup(id, context) === 'react' ? 'react' : null), test: any(react, lucideIcon) },
  // Below `react`, so lucide's own code stays in React's file.
  { name: (id, context) => (iconGroup(id, context) === 'icons' ? 'icons' : null), test: lucideIcon },
  { name: 'widgets', test: widgets },
  { name: 'radix', test: radix },
  { name: 'forms', test: forms },
  { name: 'actions', test: actions },
  { name: 'contact', test: contact },
  { name: 'contact-form', test: contactForm },
  { name: 'booking', test: booking },
  { name: 'accounts', test: accounts },
  // A position's questions, shared by the apply form of a position that asks some and the admin
  // area's editor: a file of their own, which neither takes from the other.
  { name: 'questions', test: questionsModule },
  { name: 'ApplicationForm', test: apply },
  { name: 'screening', test: screening },
  // The admin area's islands and what only they use.
  { name: (id, context) => (adminIsland(id) || adminOnly(id, context) ? 'admin' : null), test: () => true },
  // Last: what islands share that no group above has taken (with its dependencies), by sharedGroup's
  // rule; what several features share first, or a feature's file would take it as a dependency.
  { name: (id, context) => (sharedGroup(id, context) === 'shared' ? 'shared' : null), test: () => true },
  { name: (id, context) => sharedGroup(id, context), test: () => true },
];
groupTests = [
  shell,
  react,
  widgets,
  radix,
  forms,
  actions,
  contact,
  contactForm,
  booking,
  accounts,
  questionsModule,
  apply,
  screening,
  adminIsland,
];

export const clientCodeSplitting = {
  groups: groups.map((group, index) => ({ ...group, priority: groups.length - index })),
};

/**
 * A Vite plugin for the client build: an entry chunk may export more than its entry module
 * (Rolldown's `preserveEntrySignatures: 'allow-extension'`; Astro asks for 'exports-only'). Then a
 * group that holds an entry (React's renderer in `react`, an island in `admin`) is that entry's
 * file, not a one-line re-export beside it, and Rolldown's small runtime rides in `react` instead
 * of a file of its own: one or two requests fewer on every page with an island. Islands and the
 * renderer are loaded by URL and read by export name, so the extra exports change nothing.
 */
export function entriesMayExtend() {
  return {
    name: 'helixpoint:entries-may-extend',
    applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
    options(options: Record<string, unknown>) {
      return { ...options, preserveEntrySignatures: 'allow-extension' };
    },
  };
}

/**
 * Each lucide icon imported from its own module ("lucide-react/icons/x") instead of the package's
 * index, so the chunking above sees which components use which icon. Same icons, same code.
 */
export function lucideDirectImports() {
  let byName: Map<string, string> | undefined;
  const iconFiles = () => {
    if (byName) return byName;
    const index = readFileSync(
      fileURLToPath(import.meta.resolve('lucide-react')).replace(/cjs\/lucide-react\.js$/, 'esm/lucide-react.mjs'),
      'utf8',
    );
    byName = new Map();
    for (const [, names, file] of index.matchAll(/export \{([^}]+)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g))
      for (const [, name] of names!.matchAll(/default as (\w+)/g)) byName.set(name!, file!);
    return byName;
  };
  return {
    name: 'helixpoint:lucide-direct-imports',
    // Before TypeScript and JSX are compiled, while the imports are as written.
    enforce: 'pre' as const,
    applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
    transform(code: string, id: string) {
      if (!id.includes('/src/') || !/\.tsx?$/.test(id) || !code.includes("from 'lucide-react'")) return null;
      return code.replace(/import \{([^}]+)\} from 'lucide-react';/g, (statement, list: string) => {
        const imports = list
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        const direct = imports.map((part) => {
          const [name, local = name] = part.replace(/^type\s+/, '').split(/\s+as\s+/) as [string, string?];
          const file = iconFiles().get(name);
          return file && !part.startsWith('type ') ? `import ${local} from 'lucide-react/icons/${file}';` : null;
        });
        return direct.every(Boolean) ? direct.join('\n') : statement;
      });
    },
  };
}
