/**
 * A Vite plugin for the server builds: Astro's React renderer streams each island with
 * renderToReadableStream, whose `progressiveChunkSize` (12.8 KB by default) moves a Suspense
 * boundary of more content out of line, to be put in place by an inline script ($RC) that the
 * Content-Security-Policy refuses (and React then renders the boundary anew in the browser). A form
 * whose code loads on first use sits in such a boundary (components/ui/deferred.tsx, decision 051),
 * and the apply form with its 245 countries is 40 KB. Astro reads the whole stream before sending
 * the page anyway, so the boundary is kept in line: `progressiveChunkSize: Infinity`. (Astro's
 * other mode, renderToString, drops the islands' identifierPrefix: every island's useId would
 * start at the same id.) Fails the build if the renderer's code no longer has the line it extends.
 */
const RENDERER = /@astrojs\/react\/dist\/server\.js$/;
const OPTIONS = 'identifierPrefix: prefix,';

export function reactWholeBoundaries() {
  return {
    name: 'helixpoint:react-whole-boundaries',
    applyToEnvironment: (environment: { name: string }) => environment.name !== 'client',
    transform(code: string, id: string) {
      if (!RENDERER.test(id.split('?')[0]!)) return null;
      if (!code.includes(OPTIONS)) {
        throw new Error(`${id}: "${OPTIONS}" not found; check src/integrations/react-whole-boundaries.ts against this @astrojs/react.`);
      }
      return code.replace(OPTIONS, `${OPTIONS} progressiveChunkSize: Infinity,`);
    },
  };
}
