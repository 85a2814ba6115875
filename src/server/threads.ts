// Starts and stops worker threads on modules of the server. The compiled server runs the compiled module; under
// the test runner and the benchmarks the sources are TypeScript, compiled on load by the project's SWC hook.
import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** The message that asks a thread to finish: it lets go of what it holds and closes its port. */
export const STOP_THREAD = 'stop-thread';
export type StopThread = typeof STOP_THREAD;

/** How long a thread asked to stop may take to end by itself. */
const STOP_GRACE_MS = 30_000;

/** `file`: the module's path under src/server without its extension, e.g. 'repositories/answerWriterWorker'. */
export function startThread(file: string, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const ext = path.extname(__filename);
  const module = path.join(__dirname, `${file}${ext}`);
  const hook = ext === '.ts' ? `require(${JSON.stringify(path.resolve(__dirname, '..', '..', 'scripts', 'lib', 'register-ts.cjs'))});` : '';
  return new Worker(`${hook}require(${JSON.stringify(module)});`, { eval: true, workerData, resourceLimits });
}

/**
 * Asks a thread to finish and resolves once it has ended by itself. Not `worker.terminate()` at once: it stops the
 * thread's JavaScript wherever it is, and a zlib stream stopped between its creation and its initialisation
 * aborts the whole process when the thread is cleaned up (Node 20: "close before init").
 */
export function stopThread(worker: Worker): Promise<void> {
  // A thread that has ended has no id any more.
  if (worker.threadId === -1) return Promise.resolve();
  return new Promise((resolve) => {
    // A thread still alive long after the request has nothing under way any more (a handle left open): ending
    // it then cannot catch a stream half made.
    const stuck = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
    stuck.unref();
    worker.once('exit', () => {
      clearTimeout(stuck);
      resolve();
    });
    // Threads are unref'd so that they never keep a process alive; while one is being stopped the process waits
    // for it, or a caller awaiting the stop (a server closing) would see its process end first.
    worker.ref();
    worker.postMessage(STOP_THREAD);
  });
}

/** In a thread: whether a message is the request to finish (the thread then closes its port and so ends). */
export function isStopRequest(message: unknown): message is StopThread {
  return message === STOP_THREAD;
}

