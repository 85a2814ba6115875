// Starts a worker thread on a module of the server. The compiled server runs the compiled module; under the test
// runner and the benchmarks the sources are TypeScript, compiled on load by the project's SWC hook.
import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** `file`: the module's path under src/server without its extension, e.g. 'repositories/answerWriterWorker'. */
export function startThread(file: string, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const ext = path.extname(__filename);
  const module = path.join(__dirname, `${file}${ext}`);
  const hook = ext === '.ts' ? `require(${JSON.stringify(path.resolve(__dirname, '..', '..', 'scripts', 'lib', 'register-ts.cjs'))});` : '';
  return new Worker(`${hook}require(${JSON.stringify(module)});`, { eval: true, workerData, resourceLimits });
}
