// Lint keeps the layers apart (STYLE.md, ARCHITECTURE.md): shared imports nothing of client or server, client and
// server never import each other, src/ui (the pieces both browser apps use) imports only shared, React and
// DOMPurify, the portal (client) and the participant app (participant) never import each other, and the untyped
// Redux hooks are not used.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * The portal's features in the one order they may depend on each other (docs/architecture.md "The portal's
 * code"): each may import only those before it, so no two features import each other, directly or round about.
 */
const featureOrder = ['auth', 'secondFactor', 'labs', 'media', 'questionnaires', 'downloads', 'participants', 'activity', 'studies', 'account'];

/** A feature's front door: the import '../labs' resolves to it. */
const door = (feature) => `./${feature}/index.ts`;

/** import-x/no-restricted-paths zones: what features/X, app/ and main.tsx may take from src/client/features. */
const featureZones = [
  ...featureOrder.map((feature, i) => ({
    target: `src/client/features/${feature}`,
    from: 'src/client/features',
    except: [`./${feature}`, ...featureOrder.slice(0, i).map(door)],
    message:
      i === 0
        ? `features/${feature} comes first and imports no other feature`
        : `features/${feature} may import only ${featureOrder.slice(0, i).join(', ')}, each only through its index (features/<name>), never a file inside it`,
  })),
  {
    target: ['src/client/app', 'src/client/main.tsx'],
    from: 'src/client/features',
    except: featureOrder.map(door),
    message: "app/ takes a feature's pages, slice and calls through its index (features/<name>), never a file inside it",
  },
];

const layer = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];

/** The portal must not reach into the participant app: each ships its own bundle. */
const notParticipant = { regex: '^([.][.]/)+participant(/|$)', message: 'The portal does not import the participant app' };

/**
 * src/ui: relative imports may reach only src/shared and src/ui itself; packages only React, DOMPurify and Redux
 * Toolkit (the shared request-state helper). The participant app ships whatever src/ui imports, so no Bootstrap
 * or other portal libraries.
 */
const uiImports = [
  'error',
  {
    patterns: [
      { regex: '^([.][.]/)+(client|server|participant)(/|$)', message: 'src/ui imports only src/shared, React, DOMPurify and Redux Toolkit' },
      {
        regex: '^(?![.]|react$|react/|react-dom$|react-dom/|dompurify$|@reduxjs/toolkit$)',
        message: 'src/ui imports only src/shared, React, DOMPurify and Redux Toolkit',
      },
    ],
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': true, 'ts-nocheck': true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Redux Toolkit's lazy slices add themselves to the store's LazyLoadedSlices by declaration merging.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // The store's LazyLoadedSlices starts empty: each lazy slice adds itself by declaration merging.
    files: ['src/client/app/store.ts'],
    rules: { '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'always' }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'src/participant/**/*.{ts,tsx}', '__tests__/client/**/*.{ts,tsx}', '__tests__/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': layer(['**/client/**', '**/server/**', 'react', 'fastify'], 'src/shared stands alone') },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**'], message: 'The portal talks to the server over HTTP only' }, notParticipant],
          paths: [
            { name: 'react-redux', importNames: ['useDispatch', 'useSelector'], message: 'Use the typed hooks of app/hooks' },
          ],
        },
      ],
    },
  },
  {
    // components/ holds pieces that know no entity: no slice, thunk, store hook or feature. What reads the store
    // around every page (layouts, footer, alert, toasts) lives with the app's composition in app/layout/.
    files: ['src/client/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The portal talks to the server over HTTP only' },
            { group: ['**/features/**', '**/app/**', '../app', '../../app'], message: 'components/ knows no entity: take data and callbacks as props' },
            notParticipant,
          ],
          paths: [{ name: 'react-redux', message: 'components/ does not read the store: take data as props' }],
        },
      ],
    },
  },
  {
    // Features have front doors and one order (eslint-plugin-import-x), read in words:
    // - no-restricted-paths: a file in features/X imports another feature only as features/Y, which is Y's
    //   index.ts, never a file inside Y; and only a feature before X in featureOrder, so features depend one way
    //   and never in a cycle. app/ and main.tsx, too, take from a feature only what its index exports.
    // - no-cycle: no module of the portal imports itself back through a chain of imports (imports of types
    //   only do not count; nor does a chain through import(), since a page loaded later cannot see a
    //   half-loaded module).
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: featureZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    // The one module that turns useDispatch/useSelector into the typed hooks everyone else uses.
    files: ['src/client/app/hooks.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The portal talks to the server over HTTP only' }, notParticipant] }],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': uiImports },
  },
  {
    // The participant app ships none of the portal's code (ARCHITECTURE.md "Two browser apps, one server").
    files: ['src/participant/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^([.][.]/)+(client|server)(/|$)',
              message: 'The participant app uses src/shared and src/ui, and talks to the server over HTTP only',
            },
            {
              // serviceWorker/ is the worker's own bundle (built to /app/sw.js); pages reach it by messages only.
              regex: '(^|/)serviceWorker(/|$)',
              message: 'Pages talk to the service worker through serviceWorkerLink/, never by importing serviceWorker/',
            },
          ],
          paths: [{ name: 'react-redux', importNames: ['useDispatch', 'useSelector'], message: 'Use the typed hooks of state/hooks' }],
        },
      ],
    },
  },
  {
    // The app's typed hooks are made here.
    files: ['src/participant/state/hooks.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^([.][.]/)+(client|server)(/|$)', message: 'The participant app does not import the portal or the server' }] },
      ],
    },
  },
  {
    files: ['__tests__/participant/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': layer(['**/client/**'], 'The server does not import the portal') },
  },
  // The server's layers go one way, routes → services → repositories → db (docs/architecture.md): a repository
  // imports no service and no route; a service imports no route; db/ imports no repository, service or route; a
  // route reaches the database through services and repositories (it may read with a repository, and name a row
  // type of db/types, but not open db/ itself); and a route file imports no other route file, only routes/schemas/
  // and routes/shared/, which import no route file either. Every entry says again that the server does not import
  // the portal, as the last entry naming no-restricted-imports for a file is the one that counts.
  ...[
    { files: ['src/server/repositories/**/*.ts'], forbidden: [['^([.][.]/)+(services|routes)(/|$)', 'Repositories import no service or route: services call repositories']] },
    { files: ['src/server/services/**/*.ts'], forbidden: [['^([.][.]/)+routes(/|$)', 'Services import no route: routes call services']] },
    { files: ['src/server/db/**/*.ts'], forbidden: [['^([.][.]/)+(repositories|services|routes)(/|$)', 'db/ imports no repository, service or route']] },
    {
      files: ['src/server/routes/*.ts'],
      forbidden: [
        ['^([.][.]/)+db/(?!types$)', 'Routes reach the database through services and repositories'],
        ['^[.]/(?!schemas/|shared/)', 'A route file imports no other route file: move what both use to routes/schemas/ or routes/shared/'],
      ],
    },
    {
      files: ['src/server/routes/schemas/**/*.ts', 'src/server/routes/shared/**/*.ts'],
      forbidden: [
        ['^([.][.]/)+db/(?!types$)', 'Routes reach the database through services and repositories'],
        ['^[.][.]/(?![.][.]/|schemas/|shared/)', 'routes/schemas/ and routes/shared/ import no route file'],
      ],
    },
  ].map(({ files, forbidden }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**'], message: 'The server does not import the portal' },
            ...forbidden.map(([regex, message]) => ({ regex, message })),
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
