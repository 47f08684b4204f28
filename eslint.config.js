// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/', '.cache/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  // The import rules' configuration (.dependency-cruiser.cjs), which dependency-cruiser loads as CommonJS.
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  { files: ['**/*.tsx'], extends: [jsxA11y.configs.recommended, reactHooks.configs.flat.recommended] },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Server-only code must never reach the browser (see ARCHITECTURE.md).
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**', '@/server/*'], message: 'Server-only module.' }],
          paths: [{ name: 'sonner', message: 'Import toast from @/components/ui/toast (docs/decisions/003).' }],
        },
      ],
    },
  },
  {
    files: ['src/components/ui/toast.ts', 'src/components/ui/sonner-toaster.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '@/server/*'], message: 'Server-only module.' }] }],
    },
  },
  {
    files: [
      'src/server/**',
      // Build integrations run in Node at build (and dev) time, never in the browser.
      'src/integrations/**',
      'src/pages/**',
      'src/actions/**',
      'src/layouts/**',
      'src/middleware.ts',
      'scripts/**',
      'tests/**',
      'bench/**',
      'astro.config.mjs',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // One build serves any address: the site's address comes from siteOrigin() (decision 011).
    files: ['src/pages/**', 'src/layouts/**', 'src/components/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name=/^(Astro|context)$/][property.name='site']",
          message: 'Use siteOrigin(Astro.site) from @/server/site-url: the build carries a placeholder address.',
        },
      ],
    },
  },
);
