import { fileURLToPath } from 'node:url';
import { serverTransform } from './server-transform.ts';

/**
 * A Vite plugin for the server builds: lucide-react's Icon rendered once for each icon and props
 * (src/server/render/icons-rendered-once.ts says why, issue 52). The browser's build is untouched.
 *
 * Fails the build if lucide's Icon module no longer has the lines it extends.
 */
const ICON = /lucide-react\/dist\/esm\/Icon\.mjs$/;
const EXPORTED = /export \{ Icon as default \};/;
const USES_CONTEXT = /import \{ useLucideContext \} from '\.\/context\.mjs';/;
const RUNTIME = fileURLToPath(new URL('../server/render/icons-rendered-once.ts', import.meta.url));

export const iconsRenderedOnce = () =>
  serverTransform('helixpoint:icons-rendered-once', ICON, (code, id) => {
    if (!EXPORTED.test(code) || !USES_CONTEXT.test(code) || !code.includes('const Icon = forwardRef(')) {
      throw new Error(
        `${id}: lucide's Icon was not found as expected; check src/integrations/icons-rendered-once.ts against this lucide-react.`,
      );
    }
    return code.replace(
      EXPORTED,
      `import { renderedOnce as helixpointRenderedOnce } from ${JSON.stringify(RUNTIME)};\nIcon.render = helixpointRenderedOnce(Icon.render, useLucideContext);\n$&`,
    );
  });
