// Lets Node require the project's TypeScript files directly (used by `npm run dev` and `npm run bench`):
// each .ts/.tsx file is compiled to CommonJS by SWC on load, without type-checking (`npm run typecheck` does
// that). Packages in node_modules are loaded by Node as usual.
const fs = require('node:fs');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

function compile(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = transformSync(source, {
    filename,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', tsx: filename.endsWith('.tsx') },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
}

Module._extensions['.ts'] = compile;
Module._extensions['.tsx'] = compile;
process.setSourceMapsEnabled(true);
