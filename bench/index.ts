// The benchmark runner behind `npm run bench`: runs every benchmark (or those named on the command line),
// prints one table with PASS/FAIL per target, and writes the figures to bench/results/ as JSON.
// To add a benchmark, write bench/<name>.ts exporting a Benchmark (bench/types.ts) and list it here.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiThroughput } from './apiThroughput';
import { loginPageWeight } from './loginPageWeight';
import { questionnaireEditor } from './questionnaireEditor';
import { studyEditor } from './studyEditor';
import { studyList } from './studyList';
import { participantList } from './participantList';
import { participantPlan } from './participantPlan';
import { participantAnswers } from './participantAnswers';
import { participantListApi } from './participantListApi';
import { exportsBenchmark } from './exports';
import { meets, type Benchmark, type BenchmarkResult, type Measure } from './types';
import { upload } from './upload';
import { photoZip } from './photoZip';
import { participantApp } from './participantApp';
import { push } from './push';
import { reach } from './reach';

export const benchmarks: Benchmark[] = [
  apiThroughput, loginPageWeight, studyList, upload, questionnaireEditor, studyEditor,
  participantList, participantPlan, participantAnswers, participantListApi, exportsBenchmark, photoZip, push, reach, participantApp,
];

interface Row {
  benchmark: string;
  measure: Measure;
  verdict: 'PASS' | 'FAIL' | '';
}

function format(value: number): string {
  if (Number.isNaN(value)) return '-';
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  return value.toFixed(2);
}

function printTable(rows: Row[]) {
  const cells = rows.map((r) => [
    r.benchmark,
    r.measure.name,
    `${format(r.measure.value)} ${r.measure.unit}`.trim(),
    r.measure.target ? `${r.measure.target.op} ${r.measure.target.value} ${r.measure.unit}`.trim() : '',
    r.verdict,
  ]);
  const header = ['benchmark', 'measure', 'value', 'target', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i])).join('  ').trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const c of cells) console.log(line(c));
}

export async function main(names: string[]): Promise<number> {
  const unknown = names.filter((n) => !benchmarks.some((b) => b.name === n));
  if (unknown.length) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${benchmarks.map((b) => b.name).join(', ')}`);
    return 2;
  }
  const chosen = names.length ? benchmarks.filter((b) => names.includes(b.name)) : benchmarks;
  const rows: Row[] = [];
  const results: Record<string, BenchmarkResult | { error: string }> = {};
  let failed = false;
  for (const benchmark of chosen) {
    console.log(`\n=== ${benchmark.title}`);
    try {
      const result = await benchmark.run();
      results[benchmark.name] = result;
      for (const measure of result.measures) {
        const verdict = measure.target ? (meets(measure.value, measure.target) ? 'PASS' : 'FAIL') : '';
        if (verdict === 'FAIL') failed = true;
        rows.push({ benchmark: benchmark.name, measure, verdict });
      }
    } catch (error) {
      failed = true;
      const message = error instanceof Error ? error.stack || error.message : String(error);
      console.error(message);
      results[benchmark.name] = { error: message };
      rows.push({ benchmark: benchmark.name, measure: { name: 'could not run', value: NaN, unit: '' }, verdict: 'FAIL' });
    }
  }
  printTable(rows);

  const resultsDir = path.join(__dirname, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const record = {
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
    results,
  };
  const file = path.join(resultsDir, `${record.at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(record, null, 2));
  writeFileSync(path.join(resultsDir, 'latest.json'), JSON.stringify(record, null, 2));
  console.log(`\nResults written to ${path.relative(process.cwd(), file)}`);
  console.log(failed ? 'Some targets were missed (FAIL above).' : 'All targets met.');
  return failed ? 1 : 0;
}
