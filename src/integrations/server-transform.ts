/**
 * A Vite plugin that changes one module of a dependency in the server builds only (the browser's
 * build is untouched): the transforms of Astro's, @astrojs/react's and lucide's code that take work
 * off each rendered page (decisions 066, 076 and 077). `change` returns the module's new code, and
 * throws when the lines it relies on are gone, so that an upgrade that moves them fails the build
 * instead of silently dropping the change.
 */
export function serverTransform(name: string, module: RegExp, change: (code: string, id: string) => string) {
  return {
    name,
    applyToEnvironment: (environment: { name: string }) => environment.name !== 'client',
    transform(code: string, id: string): string | null {
      return module.test(id.split('?')[0]!) ? change(code, id) : null;
    },
  };
}
