import type { Config } from 'jest';

// Three unit projects mirror src/ (client also runs __tests__/ui, the pieces the browser apps share); the browser suite (e2e) is its own project, run after them by
// scripts/test.mjs because it needs the built portal and Chromium.
const swc: Config['transform'] = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

// file-type (the server's check of what an uploaded file really is) and the packages it imports are ESM only.
const fileTypePackages = ['file-type', 'strtok3', 'token-types', '@tokenizer', 'uint8array-extras', '@borewit'];
// otplib (authenticator codes) imports these ESM-only packages.
const otplibPackages = ['@otplib', '@scure', '@noble'];
const esmPackages = ['quill', 'parchment', 'lodash-es', 'katex', 'jose', ...fileTypePackages, ...otplibPackages].join('|');

const common = {
  transform: swc,
  // Every fast-check runner gets the run's seed (FUZZ_SEED), so the generated tests are deterministic.
  setupFiles: ['<rootDir>/__tests__/support/fuzzSetup.ts'],
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
  moduleNameMapper: {
    '\\.(css|less)$': '<rootDir>/__tests__/support/styleStub.ts',
    // Its exports offer Node only "import" and "module-sync", conditions jest's resolver does not use; Node
    // itself loads the same file through require(esm).
    '^file-type$': '<rootDir>/node_modules/file-type/index.js',
  },
};

const config: Config = {
  // Prints the generated tests' seed once (the root transform compiles it).
  transform: swc,
  globalSetup: '<rootDir>/__tests__/support/fuzzGlobalSetup.ts',
  projects: [
    { ...common, displayName: 'shared', testEnvironment: 'node', testMatch: ['<rootDir>/__tests__/shared/**/*.test.ts'] },
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      // Password hashing is deliberately slow; a loaded 2-core machine needs room for it.
      testTimeout: 30_000,
      testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'client',
      // jsdom with Node's Request: the portal's data router builds one for every navigation.
      testEnvironment: '<rootDir>/__tests__/support/jsdomEnvironment.ts',
      // Room for findBy*'s five seconds (clientSetup.ts) on a loaded machine.
      testTimeout: 20_000,
      // The participant app's screens and the pieces both apps share run here too (jsdom, real React).
      testMatch: ['<rootDir>/__tests__/{client,participant,ui}/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/support/clientSetup.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/e2e/**/*.test.ts'],
    },
  ],
};

export default config;
