import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readFileSync } from 'node:fs';

/** Web test files with their own module state (apps/web/vite.config.ts, the `isolated` project). */
const webIsolatedTests = JSON.parse(
  readFileSync(new URL('./apps/web/isolated-tests.json', import.meta.url), 'utf8'),
).files.map((file) => `apps/web/${file}`);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '.tmp/**',
      'screenshots/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Layering: arrows run downwards only. Platform code is used by the modules and never imports
  // one (a module hands platform what it needs at app build time, see platform/context.ts).
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules', '**/modules/**'],
              message: 'platform must not import a module: move what it needs into platform, or take a port.',
            },
          ],
        },
      ],
    },
  },
  // Modules meet through their faces: code in modules/<a>/ reaches modules/<b>/ only through b's
  // `index.ts` (what b names for others, types included), never b's services, repos, presenters or
  // helpers; and no two modules tie both ways (modules/module-graph.test.ts holds the whole graph;
  // docs/decisions/module-meeting.md). A module's sub-folders (modules/ai/jobs/, …) are one level
  // deeper: there another module is `../../<b>/`, and `../<room>/` is the same module's.
  ...[
    ['apps/server/src/modules/*/*.ts', String.raw`^\.\./(\.\./modules/)?`],
    ['apps/server/src/modules/*/*/*.ts', String.raw`^\.\./\.\./(\.\./modules/)?`],
  ].map(([files, up]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `${up}[a-z0-9-]+/(?!index\\.ts$)`,
              message:
                'another module is reached through its face (index.ts) only: export what you need there, not its service, repo, presenter or helper.',
            },
          ],
        },
      ],
    },
  })),
  // modules/ai's rooms (jobs/, translate/, documents/, cost/) reach each other through the room's
  // index.ts too (shared/ is under all of them); modules/ai/rooms.test.ts holds their one-way order.
  // The faces rule is repeated: a later block's rule replaces an earlier one's for the same files.
  {
    files: ['apps/server/src/modules/ai/*/*.ts'],
    // A room's tests may set up through another room's files.
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\.\./\.\./(\.\./modules/)?[a-z0-9-]+/(?!index\.ts$)`,
              message:
                'another module is reached through its face (index.ts) only: export what you need there, not its service, repo, presenter or helper.',
            },
            {
              regex: String.raw`^\.\./(jobs|translate|documents|cost)/(?!index\.ts$)`,
              message:
                "another room of modules/ai is reached through its index.ts only: export what you need there, not the room's service, repo or helper.",
            },
          ],
        },
      ],
    },
  },
  // The store search stands apart: it imports nothing from another module (it is fed by domain
  // events and its outbox, and reads courses through what app.ts hands in; modules/search/index.ts).
  // Listed after the rule above, so it replaces it for the search's files.
  {
    files: ['apps/server/src/modules/search/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\.\./(\.\./modules/)?[a-z0-9-]+/`,
              message:
                'the store search imports no other module: take what it needs as a domain event or through the ListingSource app.ts supplies.',
            },
          ],
        },
      ],
    },
  },
  // The web app shares code with the server through @studio/contract only.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@studio/server',
                '@studio/server/**',
                '**/apps/server',
                '**/apps/server/**',
                '**/server/src/**',
              ],
              message: 'the web app must not import the server: share through @studio/contract.',
            },
          ],
          paths: [
            {
              name: 'antd',
              importNames: ['InputNumber'],
              message:
                'use components/number-input.tsx: its step buttons are named in the interface language.',
            },
          ],
        },
      ],
    },
  },
  // Web test files share their worker's modules (apps/web/vite.config.ts, `isolate: false`): a file that
  // replaces a module or starts modules afresh would leave that for the next file. Such a file goes on
  // apps/web/isolated-tests.json, which runs it with its own modules (and lifts this rule for it).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: webIsolatedTests,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock|resetModules)$/]",
          message:
            'this file changes module state that the test files of a worker share: list it in apps/web/isolated-tests.json.',
        },
      ],
    },
  },
  // Browser journeys type into fields found by exact name: Playwright matches names as substrings, and
  // while a navigation commits the previous page is still on screen (课程标题 found /author's search
  // box 搜索课程标题, and a typed course title went there).
  {
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='getByLabel']:not(:has(Property[key.name='exact']))",
          message: 'getByLabel matches substrings: pass { exact: true }.',
        },
        {
          selector:
            "CallExpression[callee.property.name='getByRole'][arguments.0.value=/^(textbox|searchbox|combobox|spinbutton)$/]:not(:has(Property[key.name='exact']))",
          message: 'A field to type into is found by its exact name: pass { name, exact: true }.',
        },
      ],
    },
  },
);
