/**
 * The import rules of src/ (issue 29; docs/decisions/038): no circle, type imports included, and no
 * arrow that runs up a layer. From top to bottom:
 *   pages, layouts, actions, middleware → components, server, content → lib
 * with integrations (build code) beside the pages: only astro.config and scripts may use them.
 * Inside server/, the platform (the runtime, the job queue, database, mail, storage, http) imports
 * no domain: domains plug in through src/server/modules.ts.
 * Run by `npm run check` (`npm run check:imports`).
 */
const DOMAINS =
  '(accounts|alerts|analytics|applications|backup|candidates|insights|messages|notifications|positions|privacy|replies|resumes|uploads|access)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A circle of imports (type imports included): modules that cannot be understood, tested or loaded alone.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'lib-imports-only-lib',
      comment: 'lib/ is the bottom layer: shared by the browser and the server, it imports no other part of src/.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/', pathNot: '^src/lib/' },
    },
    {
      name: 'content-below-pages',
      comment: 'content/ is data: it may use lib/, never components, server code or pages.',
      severity: 'error',
      from: { path: '^src/content/' },
      to: { path: '^src/(components|server|pages|layouts|actions|integrations|middleware)' },
    },
    {
      name: 'components-not-server',
      comment: 'Components run in the browser: server code reaches them only through their props.',
      severity: 'error',
      from: { path: '^src/components/' },
      to: { path: '^src/(server|pages|layouts|actions|integrations|middleware)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-not-up',
      comment: 'Server code never imports build integrations, scripts, pages or components.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^(src/(integrations|pages|layouts|actions|components|middleware)|scripts|bench)' },
    },
    {
      name: 'platform-not-domains',
      comment:
        'The runtime, the job queue and the other platform parts import no domain; domains register with them (src/server/modules.ts).',
      severity: 'error',
      from: {
        path: '^src/server/(jobs|db|mail|storage|http|audit|events|runtime|runtime-types|runtime-registry|config|logger|metrics|rate-limit|helper-process)(/|\\.ts$)',
        pathNot: '\\.test\\.ts$',
      },
      to: { path: `^src/server/${DOMAINS}/` },
    },
    {
      name: 'mail-reader-only-from-its-module',
      comment:
        'The mail reader forks a file beside it (reader-process.ts): bundled into a page by Astro, that file would not be there. Only the replies module starts it.',
      severity: 'error',
      from: { pathNot: '^src/server/replies/(module|mail-reader|reader-process|read-mail)\\.ts$' },
      to: { path: '^src/server/replies/(mail-reader|reader-process|read-mail|sender-check)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'resume-reader-only-from-its-module',
      comment:
        'The resume reader forks a file beside it (reader-process.ts): bundled into a page by Astro, that file would not be there. Only the resumes module (jobs) starts it.',
      severity: 'error',
      from: { pathNot: '^src/server/resumes/(module|reader|reader-process)\\.ts$' },
      to: { path: '^src/server/resumes/(reader|reader-process|extract)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    // Type-only imports count: a circle of types is still a circle to read.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.test\\.tsx?$|^src/server/testing/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.astro', '.json'] },
  },
};
