// Once before a jest run: the seed and length of the generated tests, so a failure can be replayed.
import { fuzzSummary } from './fuzz';

export default function fuzzGlobalSetup(): void {
  process.stdout.write(`${fuzzSummary()}\n`);
}
