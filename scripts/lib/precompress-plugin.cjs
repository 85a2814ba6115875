// A webpack plugin that writes a Brotli (.br, highest quality) and a gzip (.gz, level 9) copy beside every
// script, style sheet, page and SVG of the build. The server sends the copy the browser accepts
// (src/server/plugins/portal.ts), so each file is compressed once, as hard as it can be, instead of on every
// answer. A copy that would not be smaller than the file is not written.
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSED = /\.(js|css|html|svg)$/;

class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const names = Object.keys(assets).filter((name) => COMPRESSED.test(name));
          await Promise.all(
            names.map(async (name) => {
              const bytes = compilation.getAsset(name).source.buffer();
              const [br, gz] = await Promise.all([
                brotli(bytes, {
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                  },
                }),
                gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
              ]);
              const info = { compressed: true, immutable: compilation.getAsset(name).info.immutable };
              if (br.length < bytes.length) compilation.emitAsset(`${name}.br`, new sources.RawSource(br), info);
              if (gz.length < bytes.length) compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz), info);
            }),
          );
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin };
