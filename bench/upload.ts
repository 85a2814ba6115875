// Upload: a 30 MB MP4 through the whole flow on the local storage's signed address (genLabS3URL -> PUT the
// bytes -> createfiles), timed, while the server's resident memory (VmRSS of its process) is sampled. The
// server streams upload bodies to disk, so its memory must stay well below the file's size above idle.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { MediaFile } from '../src/shared/types/media';
import { Api, seedLab } from '../__tests__/e2e/support/api';
import { startServer, type RunningServer } from '../__tests__/e2e/support/server';
import type { Benchmark } from './types';

const MB = 1024 * 1024;
export const FILE_BYTES = 30 * MB;
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS || 3);
const SAMPLE_MS = 10;
const CHUNK_BYTES = 64 * 1024;

interface Grant {
  url: string;
  file: string;
  type: string;
  contentType: string;
}

/** The server's process: the child of this process whose environment names the server's data folder. */
export function serverPid(server: RunningServer): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(`DATA_DIR=${server.dataDir}`)) return Number(entry);
    } catch {
      // the process ended while we looked
    }
  }
  throw new Error('The server process was not found in /proc');
}

export function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`No VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** PUTs the bytes in network-sized chunks, as a browser would stream them. */
function put(server: RunningServer, url: string, contentType: string, bytes: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      server.apiUrl(url),
      { method: 'PUT', agent: false, headers: { 'content-type': contentType, 'content-length': String(bytes.length) } },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (text += chunk));
        answer.on('end', () => ((answer.statusCode ?? 0) === 200 ? resolve(answer.statusCode ?? 0) : reject(new Error(`PUT ${answer.statusCode}: ${text}`))));
      },
    );
    request.on('error', reject);
    let offset = 0;
    const writeMore = () => {
      while (offset < bytes.length) {
        const chunk = bytes.subarray(offset, offset + CHUNK_BYTES);
        offset += chunk.length;
        if (!request.write(chunk)) {
          request.once('drain', writeMore);
          return;
        }
      }
      request.end();
    };
    writeMore();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const upload: Benchmark = {
  name: 'upload',
  title: 'Upload: a 30 MB MP4 through genLabS3URL -> signed PUT -> createfiles, with the server’s memory',
  async run() {
    const server = await startServer({ LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info' }, { output: 'ignore' });
    try {
      const api = new Api(server);
      const { lab, manager, managerPassword } = await seedLab(api, 1, 'Upload Benchmark Lab');
      const session = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const pid = serverPid(server);
      const bytes = randomBytes(FILE_BYTES);
      bytes.write('\0\0\0\x18ftypisom', 0, 'latin1');

      // Idle: after the calls above have warmed the routes, the lowest of a few samples a moment apart.
      await api.call('GET', '/api/files/userFiles?pageNumber=1', { token: session.token });
      await sleep(500);
      const idleSamples: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        idleSamples.push(residentBytes(pid));
        await sleep(50);
      }
      const idle = Math.min(...idleSamples);

      const runs: { putMs: number; flowMs: number; peak: number }[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        let peak = residentBytes(pid);
        const sampler = setInterval(() => {
          peak = Math.max(peak, residentBytes(pid));
        }, SAMPLE_MS);
        try {
          const started = performance.now();
          const grant = await api.call<Grant>('POST', '/api/files/genLabS3URL', {
            token: session.token,
            body: { filePath: `breathing-${run}.mp4`, fileType: 'video/mp4', requestType: 'putObject', fileSize: FILE_BYTES },
          });
          const putStarted = performance.now();
          await put(server, grant.url, grant.contentType, bytes);
          const putMs = performance.now() - putStarted;
          const created = await api.call<MediaFile>('POST', '/api/files/createfiles', {
            token: session.token,
            body: { lab: lab._id, name: `Breathing ${run}`, type: grant.type, file: grant.file, size: FILE_BYTES },
          });
          if (created.size !== FILE_BYTES) throw new Error(`The file was stored with ${created.size} bytes`);
          runs.push({ putMs, flowMs: performance.now() - started, peak: Math.max(peak, residentBytes(pid)) });
        } finally {
          clearInterval(sampler);
        }
      }

      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const putMs = median(runs.map((r) => r.putMs));
      const flowMs = median(runs.map((r) => r.flowMs));
      const peak = Math.max(...runs.map((r) => r.peak));
      return {
        measures: [
          { name: 'signed PUT throughput (median)', value: FILE_BYTES / MB / (putMs / 1000), unit: 'MB/s' },
          { name: 'whole flow for 30 MB (median)', value: flowMs, unit: 'ms' },
          { name: 'server memory idle (VmRSS)', value: idle / MB, unit: 'MB' },
          { name: 'server memory peak (VmRSS)', value: peak / MB, unit: 'MB' },
          { name: 'server memory above idle', value: (peak - idle) / MB, unit: 'MB', target: { op: '<', value: 100 } },
        ],
        details: { runs: runs.map((r) => ({ ...r, peakMB: r.peak / MB })), fileBytes: FILE_BYTES, sampleEveryMs: SAMPLE_MS, chunkBytes: CHUNK_BYTES },
      };
    } finally {
      await server.stop();
    }
  },
};
