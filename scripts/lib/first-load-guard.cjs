// Fails the build when a heavy library reaches the chunks every page loads first: the editors, charts, QR codes and
// spreadsheets are for the pages that use them, loaded with import() (issue: the sign-in page's first load).
const HEAVY = /[\\/]node_modules[\\/](quill|qrcode|parchment|katex|@hello-pangea[\\/]dnd|recharts|d3-[a-z]+|victory-vendor|exceljs|jszip|xlsx)[\\/]/;

class FirstLoadGuard {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FirstLoadGuard', (compilation) => {
      compilation.hooks.afterSeal.tap('FirstLoadGuard', () => {
        for (const [name, entrypoint] of compilation.entrypoints) {
          const heavy = new Set();
          for (const chunk of entrypoint.chunks) {
            for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
              const resource = module.resource ?? module.rootModule?.resource;
              const match = resource && HEAVY.exec(resource);
              if (match) heavy.add(match[1].replace(/\\/g, '/'));
            }
          }
          if (heavy.size > 0) {
            const error = new compiler.webpack.WebpackError(
              `The first load (entry "${name}") includes ${[...heavy].join(', ')}: import it with import() in the page that needs it.`,
            );
            compilation.errors.push(error);
          }
        }
      });
    });
  }
}

module.exports = { FirstLoadGuard, HEAVY };
