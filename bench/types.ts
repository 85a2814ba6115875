// What every benchmark returns: named measures, some with a target that decides PASS or FAIL.

export interface Target {
  op: '>=' | '<=' | '<' | '>';
  value: number;
}

export interface Measure {
  name: string;
  value: number;
  unit: string;
  target?: Target;
}

export interface BenchmarkResult {
  measures: Measure[];
  /** Anything that helps read the figures: settings used, sizes per file. */
  details?: Record<string, unknown>;
}

export interface Benchmark {
  /** Short name used on the command line: npm run bench -- <name>. */
  name: string;
  title: string;
  run(): Promise<BenchmarkResult>;
}

export function meets(value: number, target: Target): boolean {
  switch (target.op) {
    case '>=':
      return value >= target.value;
    case '<=':
      return value <= target.value;
    case '<':
      return value < target.value;
    case '>':
      return value > target.value;
  }
}
