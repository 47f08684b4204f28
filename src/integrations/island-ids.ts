/**
 * A Vite plugin for the server builds, on Astro's island rendering (issue 52).
 *
 * Astro names each island it renders (`<astro-island uid="…">`) with a hash of its component, its
 * whole rendered HTML and its props serialized once more for the hash. Nothing reads that name:
 * neither Astro's island element nor its client code (astro 7). On a staff page of 200 KB that was
 * a copy of the island's HTML and a JavaScript loop over every character of it: 1 ms of the
 * server's CPU and some 200 KB of garbage a request, on pages whose tails are the garbage
 * collector's pauses. The name is now the component's hash and the island's number in the page
 * (its render, as React's ids are: `identifierPrefix`, from the same render's count), so two
 * islands of one page never share one and a page renders alike every time.
 *
 * Fails the build if the renderer's code no longer has the lines it replaces.
 */
import { serverTransform } from './server-transform.ts';

const RENDERER = /astro\/dist\/runtime\/server\/render\/component\.js$/;
const HASHED =
  /const astroId = shorthash\(\s*`<!--\$\{metadata\.componentExport\.value\}:\$\{metadata\.componentUrl\}-->\s*\$\{html\}\s*\$\{serializeProps\(\s*props,\s*metadata\s*\)\}`\s*\);/;
const NUMBERED =
  'const astroId = `${shorthash(`<!--${metadata.componentExport.value}:${metadata.componentUrl}-->`)}-${(result.helixpointIslands = (result.helixpointIslands ?? 0) + 1)}`;';

export const islandIds = () =>
  serverTransform('helixpoint:island-ids', RENDERER, (code, id) => {
    if (!HASHED.test(code)) {
      throw new Error(`${id}: the island's hashed name was not found; check src/integrations/island-ids.ts against this astro.`);
    }
    return code.replace(HASHED, NUMBERED);
  });
