import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { BuildEnvironmentOptions, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// How the app's script is cut (measured in bench/RESULTS.md, "web"): a cold load of any page is at
// most 30 requests. Rolldown left alone gives every shared antd part, icon and small module its own
// chunk (57–90 requests a page); grouped, a page loads index + react-vendor + antd + shared + its own.
const REACT_VENDOR = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
/** antd and what only it uses: every page of the app shows antd, so it is one long-cached chunk. */
const ANTD =
  /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|@emotion|clsx|classnames|dayjs|json2mq|string-convert|stylis|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed)[\\/]/;
/** The editor's libraries are one chunk, not the twenty packages tiptap is made of. */
const EDITOR_LIBS =
  /tiptap|prosemirror|markdown|linkify|orderedmap|rope-sequence|w3c-keyname|crelt|entities|mdurl|uc\.micro|punycode|marked/;
/**
 * The code highlighter (ours and its three packages) is one chunk of its own: the editor and the
 * lesson readers share it, and a reader loads it only for a lesson with code, never tiptap with it.
 */
const CODE_HIGHLIGHT =
  /[\\/]node_modules[\\/](lowlight|highlight\.js|devlop)[\\/]|[\\/]content-view[\\/]code-highlight\.ts$/;
/**
 * The contract's schemas (zod), the diff they compare drafts with and our SSE client: the editor and
 * the pages with forms load them together, as one chunk, not four. Not its Markdown converter: that
 * would bring `marked` to every form; it goes with the editor that uses it.
 */
const SCHEMAS =
  /[\\/]node_modules[\\/](zod|diff|eventsource-parser)[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/](?!markdown\.ts$)|[\\/]lib[\\/]sse\.ts$/;
/** Any other library used by lazy pages only: a chunk per package (dompurify, qrcode, dnd-kit…). */
const libraryChunk = (id: string): string | null => {
  const lib = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1];
  if (!lib) return null;
  if (EDITOR_LIBS.test(lib)) return 'editor-vendor';
  // ECharts and its renderer are one chunk, fetched with the first chart (components/chart).
  if (lib === 'echarts' || lib === 'zrender') return 'echarts';
  return `lib-${lib.replace(/^@/, '').replace(/[\\/].*/, '')}`;
};
/**
 * Our modules that two or more pages use, as one chunk; not those that would bring a heavy library
 * to every page with them (the lesson renderer and editor: tiptap; form rules: zod; SSE; QR codes;
 * ECharts' set-up, which `components/chart/echart.tsx` imports on the first chart a page draws).
 */
const SHARED = (id: string) =>
  /[\\/]apps[\\/]web[\\/]src[\\/]/.test(id) &&
  !/content-view|zod-rule|[\\/]sse\.ts$|[\\/]editor[\\/]|login-wechat|share-panel|pay-qr-panel|certificate|echarts-setup/.test(
    id,
  );

/** Test files run with module isolation (the `isolated` project below); the others share a worker's modules. */
const isolatedTests: string[] = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'isolated-tests.json'), 'utf8'),
).files;

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) next to every text file of the build; the
 * server sends them to browsers that accept them (@fastify/static `preCompressed`), so nothing is
 * compressed per request and the best levels cost nothing at run time.
 */
const precompress = (): Plugin => ({
  name: 'studio-precompress',
  // The server renderer's build (dist-ssr) is read from disk by the server, never sent.
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  async writeBundle(options, bundle) {
    const dir = options.dir ?? '';
    await Promise.all(
      Object.keys(bundle)
        .filter((file) => COMPRESSIBLE.test(file))
        .map(async (file) => {
          const full = path.join(dir, file);
          const body = await readFile(full);
          if (body.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gz(body, { level: 9 }),
          ]);
          if (br.length < body.length) await writeFile(`${full}.br`, br);
          if (gzipped.length < body.length) await writeFile(`${full}.gz`, gzipped);
        }),
    );
  },
});

/**
 * antd's Modal (in every page, through App) reaches the form context, whose one import from
 * @rc-component/form's index (rc-field-form before antd 6), `FormProvider`, made the whole form
 * engine and its validator (about 16 KB gzipped) part of the first chunk. Taking it from the module
 * that defines it (the same binding) lets the engine load with the pages that have a form.
 */
const formContextOnly = (): Plugin => ({
  name: 'studio-antd-form-context',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (
      source !== '@rc-component/form' ||
      !importer ||
      !/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)
    ) {
      return null;
    }
    return this.resolve('@rc-component/form/es/FormContext.js', importer, { ...options, skipSelf: true });
  },
});

/**
 * The visitor's public pages (`--mode public`): their template and small script, built on their own
 * into the same dist (after the app), so they share no chunk with the app and load none of it.
 */
/**
 * The visitor's islands (the login card, the store's search box) run on Preact's React compatibility
 * layer in this build only: the same components, hydrated by `hydrateRoot`, for about 5 KB of script
 * instead of react-dom's 63 KB. Parsing and running react-dom was the visitor pages' whole main-thread
 * cost (Lighthouse TBT 640–820 ms on /store/list and /login against 300 ms without an island; see
 * bench/RESULTS.md). The server still renders them with React (dist-ssr), and the app keeps React.
 */
const preactForIslands = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

const publicPages: BuildEnvironmentOptions = {
  outDir: 'dist',
  emptyOutDir: false,
  rolldownOptions: {
    input: { public: 'public.html' },
    // What every page's script needs from the contract in one chunk: left alone, Rolldown gives the
    // modules the islands share with it chunks of their own, two more round trips on every page.
    output: {
      codeSplitting: {
        groups: [
          { name: 'public', tags: ['$initial'], priority: 3 },
          // Preact and the hydrating code in one chunk: left alone they were four round trips.
          {
            name: 'islands',
            test: /node_modules[\\/]preact[\\/]|src[\\/]public[\\/]islands\.tsx|src[\\/]screens[\\/]words\.tsx/,
            priority: 2,
          },
          { name: 'plain', test: /packages[\\/]contract[\\/]/, priority: 1 },
        ],
      },
    },
  },
};

export default defineConfig(({ mode }) => ({
  plugins: [react(), precompress(), formContextOnly()],
  resolve: mode === 'public' ? { alias: preactForIslands } : {},
  // The server renderer (dist-ssr) carries its packages: it runs wherever WEB_DIST puts the build,
  // with no node_modules beside it.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    // Live co-editing's WebSocket (/api/collab) goes through the same proxy.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true } },
  },
  build:
    mode === 'public'
      ? publicPages
      : {
          outDir: 'dist',
          emptyOutDir: true,
          // antd is one chunk on purpose (see the groups below): about 1.2 MB before compression.
          chunkSizeWarningLimit: 1300,
          rolldownOptions: {
            output: {
              // Vite 8 bundles with Rolldown, whose `codeSplitting` groups replace Rollup's manualChunks (a
              // matched module brings its dependencies along, as before). The higher priority takes a
              // module first: `$initial` keeps what the entry needs in index, ahead of the library chunks.
              // A grouped chunk would otherwise run every module in it as soon as it loads, on pages
              // that never imported them (the store journey lost its 已加入购物车 notice that way, and a
              // localStorage read ran where it never had): each module's body still runs at its import.
              strictExecutionOrder: true,
              codeSplitting: {
                groups: [
                  { name: 'react-vendor', test: REACT_VENDOR, priority: 6 },
                  { name: 'antd', test: ANTD, priority: 5 },
                  { name: 'app', tags: ['$initial'], priority: 4 },
                  { name: 'code-highlight', test: CODE_HIGHLIGHT, priority: 3.5 },
                  { name: 'schemas', test: SCHEMAS, priority: 3.5 },
                  { name: libraryChunk, test: /[\\/]node_modules[\\/]/, priority: 3 },
                  { name: 'shared', test: SHARED, minShareCount: 2, priority: 2 },
                ],
              },
            },
          },
        },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 20_000,
    // A hook that waits longer than this has a cause to fix (a cold import belongs in the file's
    // imports, not in a `beforeAll`), not a timeout to raise.
    hookTimeout: 10_000,
    // Worker threads start faster than child processes (about 15% of this suite's time).
    pool: 'threads',
    // Vitest's default is one worker fewer than the cores: one worker on CI's two.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: isolatedTests,
          // The files of a worker share its modules: antd, React and the app are evaluated once per
          // worker instead of once per file (most of this suite's time). What a file leaves in them
          // is put back after it (resetSharedState, src/test/setup.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        // Files that replace modules (`vi.mock`) or start them afresh (`vi.resetModules`): each has
        // its own module state. ESLint holds `vi.mock` to this list (eslint.config.js).
        test: { name: 'isolated', include: isolatedTests, isolate: true },
      },
    ],
  },
}));
