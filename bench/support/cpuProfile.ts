// Reads a V8 CPU profile (node --cpu-prof) and names where the time went: the functions with the most self
// time, as a share of the samples taken while the process was busy (idle and GC shown apart).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileEntry {
  /** Function name and where it is defined (package or project file, and line). */
  name: string;
  /** Share of busy time spent in the function itself, in percent. */
  selfPercent: number;
}

export interface ProfileSummary {
  file: string;
  /** Share of all samples the process was idle, in percent. */
  idlePercent: number;
  top: ProfileEntry[];
}

/** The newest .cpuprofile file of a folder. */
export function newestProfile(dir: string): string | null {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return files[0] ?? null;
}

function placeOf(url: string, line: number): string {
  if (!url) return '';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  const where = packageMatch ? `${packageMatch[1]}/${path.basename(packageMatch[2])}` : url.replace(/^.*\/(dist|src)\//, '$1/');
  return ` ${where}:${line + 1}`;
}

export function summariseProfile(file: string, count = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfTime = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[i] ?? 0;
    if (!node) return;
    total += delta;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idle += delta;
      return;
    }
    const name = `${functionName || '(anonymous)'}${placeOf(url, lineNumber)}`;
    selfTime.set(name, (selfTime.get(name) ?? 0) + delta);
  });
  const busy = total - idle;
  const top = [...selfTime.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, time]) => ({ name, selfPercent: Math.round((time / busy) * 1000) / 10 }));
  return { file, idlePercent: Math.round((idle / total) * 1000) / 10, top };
}
