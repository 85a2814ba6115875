// Before every test file: each fast-check runner gets the run's seed (support/fuzz.ts).
import { configureFuzz } from './fuzz';

configureFuzz();
