// The generated tests are deterministic: every fast-check runner gets the run's seed (support/fuzzSetup.ts),
// so the same FUZZ_SEED draws the same values and a failure found once is found again.
import fc from 'fast-check';
import { FUZZ_SEED, fuzzRuns } from '../support/fuzz';

describe('the generated tests\' seed', () => {
  it('is every runner\'s default, so two runs draw the same values', () => {
    expect(fc.readConfigureGlobal()).toMatchObject({ seed: FUZZ_SEED, ...fuzzRuns(100) });
    const draw = () => fc.sample(fc.jsonValue(), { numRuns: 20 });
    expect(draw()).toEqual(draw());
  });
});
