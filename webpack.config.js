// Builds the portal into dist/public. The first load is kept small: Quill, KaTeX, drag-and-drop, charts and
// spreadsheets are loaded by the pages that use them (import(); FirstLoadGuard fails the build otherwise), and
// only the Bootstrap CSS the portal uses is bundled (bootstrap-subset). In production every script, style
// sheet, page and SVG also gets a Brotli and a gzip copy, which the server sends as they are.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { FirstLoadGuard } = require('./scripts/lib/first-load-guard.cjs');
const { PrecompressPlugin } = require('./scripts/lib/precompress-plugin.cjs');

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    entry: './src/client/main.tsx',
    output: {
      path: path.resolve(__dirname, 'dist/public'),
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      publicPath: '/',
      clean: true,
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
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: 'tsconfig.json' } },
        },
        // The texts are data: where a page imports them through the barrel, webpack may skip it and take only
        // the area modules that page uses (the first load then carries only its own screens' texts).
        { test: /[\\/]src[\\/]shared[\\/]messages(\.ts$|[\\/])/, sideEffects: false },
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
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: `http://127.0.0.1:${process.env.API_PORT || 8081}` }],
    },
  };
};
