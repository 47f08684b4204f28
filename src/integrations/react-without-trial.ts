/**
 * A Vite plugin for the server builds, on Astro's choice of renderer for a component (issue 52).
 *
 * For every framework component a page renders, Astro asks each renderer whether the component is
 * theirs; @astrojs/react answers by rendering it once to a string in a throwaway React render (its
 * `check`, which calls the component and looks at what it returns). Then the component is
 * rendered for real. React is this site's only framework renderer, so the answer is always React:
 * the trial was some 20 throwaway renders and 140 KB of garbage for each application's page, on
 * pages whose tails are the garbage collector's pauses. A function component is now given to React
 * at once when React is the only framework renderer, as Astro does for a component tagged with
 * its renderer. With a second framework renderer added, Astro asks as before.
 *
 * Fails the build if the renderer's code no longer has the lines it extends.
 */
import { serverTransform } from './server-transform.ts';

const RENDERER = /astro\/dist\/runtime\/server\/render\/component\.js$/;
const TAGGED =
  /if \(isTagged\) \{\s*const rendererName = Component\[Renderer\];\s*renderer = renderers\.find\(\(\{ name \}\) => name === rendererName\);\s*\}/;
const ONLY_REACT = `
    if (!renderer && typeof Component === "function") {
      const frameworks = renderers.filter(({ name }) => name !== "astro:jsx");
      if (frameworks.length === 1 && frameworks[0].name === "@astrojs/react") renderer = frameworks[0];
    }`;

export const reactWithoutTrial = () =>
  serverTransform('helixpoint:react-without-trial', RENDERER, (code, id) => {
    const tagged = TAGGED.exec(code);
    if (!tagged) {
      throw new Error(
        `${id}: the renderer of a tagged component was not found; check src/integrations/react-without-trial.ts against this astro.`,
      );
    }
    return code.replace(TAGGED, `${tagged[0]}${ONLY_REACT}`);
  });
