/**
 * @jest-environment node
 */
// The participant app's build fails when its entry's scripts and style sheets, Brotli-compressed, pass the
// budget (scripts/lib/app-budget-guard.cjs), and passes within it: checked on a small real webpack build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack, { type Stats } from 'webpack';
import appBudget from '../../../scripts/lib/app-budget-guard.cjs';

const { AppBudgetGuard, APP_FIRST_LOAD_BYTES, APP_INITIAL_ASSETS_BYTES, brotliSize } = appBudget;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-budget-'));
  // Text that does not compress away: about 6 KB of Brotli.
  const words = Array.from({ length: 1500 }, (_, i) => ((i * 2654435761) % 4294967296).toString(36));
  fs.writeFileSync(path.join(dir, 'main.js'), `console.log(${JSON.stringify(words)});\n`);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function build(budget: number): Promise<Stats> {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { app: './main.js' },
    output: { path: path.join(dir, 'dist'), filename: '[name].js' },
    plugins: [new AppBudgetGuard({ budget })],
  });
  return new Promise((resolve, reject) => compiler.run((error, stats) => (error || !stats ? reject(error) : compiler.close(() => resolve(stats)))));
}

describe('the participant app budget', () => {
  it('fails a build whose first load is over the budget, naming its size and files', async () => {
    const stats = await build(1000);
    const messages = stats.toJson({ all: false, errors: true }).errors?.map((e) => e.message) ?? [];
    expect(messages).toEqual([expect.stringMatching(/^The participant app's first load is \d+ bytes \(Brotli\), over its budget of 1000: app\.js \d+$/)]);
  }, 30_000);

  it('passes a build within it', async () => {
    const stats = await build(APP_INITIAL_ASSETS_BYTES);
    expect(stats.hasErrors()).toBe(false);
  }, 30_000);

  it('leaves room within the whole first load for the page, the manifest and the API answers', () => {
    expect(APP_INITIAL_ASSETS_BYTES).toBeLessThan(APP_FIRST_LOAD_BYTES);
    expect(brotliSize(Buffer.from('a'.repeat(10_000)))).toBeLessThan(100);
  });
});
