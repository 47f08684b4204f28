/**
 * A Vite plugin for the server builds, on Astro's React renderer.
 *
 * - Islands render with renderToString (astro.config.mjs: `experimentalDisableStreaming`). Astro
 *   reads the whole stream of an island before it sends the page anyway, and the stream cost a
 *   quarter of a large page's rendering in turning its HTML into bytes and back (decision 066).
 *   Astro calls it without the island's options, so every island's useId would start at the same
 *   id: the options are passed (their `identifierPrefix`).
 * - Where it streams all the same, `progressiveChunkSize` (12.8 KB by default) would move a
 *   Suspense boundary of more content out of line, to be put in place by an inline script ($RC)
 *   that the Content-Security-Policy refuses. A form whose code loads on first use sits in such a
 *   boundary (components/ui/deferred.tsx, decision 051), and the apply form with its 245 countries
 *   is 40 KB: `progressiveChunkSize: Infinity`.
 *
 * Fails the build if the renderer's code no longer has the lines it extends.
 */
import { serverTransform } from './server-transform.ts';

const RENDERER = /@astrojs\/react\/dist\/server\.js$/;
const OPTIONS = 'identifierPrefix: prefix,';
const TO_STRING = 'html = ReactDOM.renderToString(vnode);';

export const reactWholeBoundaries = () =>
  serverTransform('helixpoint:react-whole-boundaries', RENDERER, (code, id) => {
    const missing = [OPTIONS, TO_STRING].find((line) => !code.includes(line));
    if (missing) {
      throw new Error(`${id}: "${missing}" not found; check src/integrations/react-whole-boundaries.ts against this @astrojs/react.`);
    }
    return code
      .replace(OPTIONS, `${OPTIONS} progressiveChunkSize: Infinity,`)
      .replace(TO_STRING, 'html = ReactDOM.renderToString(vnode, renderOptions);');
  });
