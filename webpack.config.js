// Builds the two browser apps: the portal into dist/public and the participant app into dist/public/app.
// The portal's first load is kept small: Quill, KaTeX, drag-and-drop, charts and spreadsheets are loaded by the
// pages that use them (import(); FirstLoadGuard fails the build otherwise), and only the Bootstrap CSS the
// portal uses is bundled (bootstrap-subset). The app has a first-load budget of its own (AppBudgetGuard) and a
// Workbox service worker. In production every script, style sheet, page and SVG also gets a Brotli and a gzip
// copy, which the server sends as they are.
const path = require('node:path');
const { execSync } = require('node:child_process');
const { DefinePlugin } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const { FirstLoadGuard } = require('./scripts/lib/first-load-guard.cjs');
const { AppBudgetGuard } = require('./scripts/lib/app-budget-guard.cjs');
const { PrecompressPlugin } = require('./scripts/lib/precompress-plugin.cjs');

const typescript = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: 'tsconfig.json' } },
};
// The texts are data: where a page imports them through the barrel, webpack may skip it and take only
// the area modules that page uses (the first load then carries only its own screens' texts).
const messagesAreData = { test: /[\\/]src[\\/]shared[\\/]messages[\\/]/, sideEffects: false };
// A feature's front door (index.ts) and its page loaders (pages.ts) only pass names on: webpack takes from
// them just the modules a page uses, so importing a feature's door adds none of its other files (nor a slice
// that injects itself on load) to the first load.
const featureDoorsAreData = { test: /[\\/]src[\\/]client[\\/]features[\\/][^\\/]+[\\/](index|pages)\.ts$/, sideEffects: false };

function portal(production) {
  return {
    name: 'portal',
    entry: './src/client/main.tsx',
    output: {
      path: path.resolve(__dirname, 'dist/public'),
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      publicPath: '/',
      // dist/public/app is the participant app's build, made beside this one.
      clean: { keep: /^app[\\/]/ },
      // Every build rewrites its files, unchanged or not: index.html's time tells when the pages were last built
      // (scripts/lib/project.mjs), and an unchanged page left with an old time made every start rebuild them.
      compareBeforeEmit: false,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // React Router 7's package exports name only its development build (with its warnings and checks, about
      // 5 KiB more of gzip on the first load); the production build it ships beside it is taken in production.
      alias: production
        ? {
            'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
            'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
          }
        : {},
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    module: {
      rules: [
        typescript,
        messagesAreData,
        featureDoorsAreData,
        { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        {
          test: /[\\/]bootstrap[\\/]dist[\\/]css[\\/]bootstrap\.min\.css$/,
          enforce: 'pre',
          use: { loader: path.resolve(__dirname, 'scripts/lib/bootstrap-subset.cjs'), options: { sourceDir: path.resolve(__dirname, 'src/client') } },
        },
        { test: /\.(woff2?|ttf|eot|svg|png|jpg)$/, type: 'asset/resource', generator: { filename: 'assets/[hash][ext]' } },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', favicon: 'public/favicon.svg' }),
      new FirstLoadGuard(),
      ...(production
        ? [
            new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:8].css', chunkFilename: 'assets/[name].[contenthash:8].css' }),
            new PrecompressPlugin(),
          ]
        : []),
    ],
    performance: { hints: false },
    devServer: {
      port: Number(process.env.PORT || 8080),
      historyApiFallback: { rewrites: [{ from: /^\/app(\/|$)/, to: '/app/index.html' }] },
      proxy: [{ context: ['/api', '/app/manifest.webmanifest', '/app/icon.svg'], target: `http://127.0.0.1:${process.env.API_PORT || 8081}` }],
    },
  };
}

/**
 * The participant app. React and react-dom are Preact's compatibility layer here (docs/decisions.md, "The
 * participant app's first load"): React 19's react-dom alone is more than half of the 90 KB budget. Jest and
 * the portal keep React.
 */
/** The participant app's version as it reports it (POST /api/app/device): the package's, and the build's commit when known. */
function appVersion() {
  const { version } = require('./package.json');
  try {
    return `${version}+${execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()}`;
  } catch {
    return version;
  }
}

function participantApp(production) {
  return {
    name: 'app',
    entry: { app: './src/participant/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist/public/app'),
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      publicPath: '/app/',
      clean: true,
      // As the portal's: index.html's time is the build's (scripts/lib/project.mjs).
      compareBeforeEmit: false,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        'react/jsx-runtime$': 'preact/jsx-runtime',
        'react/jsx-dev-runtime$': 'preact/jsx-runtime',
        'react-dom/client$': 'preact/compat/client',
        'react-dom/test-utils$': 'preact/test-utils',
        'react-dom$': 'preact/compat',
        react$: 'preact/compat',
      },
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    module: {
      rules: [typescript, messagesAreData, { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] }],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'src/participant/index.html' }),
      new DefinePlugin({ 'process.env.APP_VERSION': JSON.stringify(appVersion()) }),
      ...(production
        ? [
            // The budget is of the minified build the server sends; a development build is several times larger.
            new AppBudgetGuard(),
            new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:8].css', chunkFilename: 'assets/[name].[contenthash:8].css' }),
            new InjectManifest({
              swSrc: './src/participant/serviceWorker/sw.ts',
              swDest: 'sw.js',
              // The compressed copies and source maps are not the shell; the server picks the copy to send.
              exclude: [/\.map$/, /\.(br|gz)$/, /\.LICENSE\.txt$/],
            }),
            new PrecompressPlugin(),
          ]
        : []),
    ],
    performance: { hints: false },
  };
}

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return [portal(production), participantApp(production)];
};
