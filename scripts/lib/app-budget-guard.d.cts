// Types of app-budget-guard.cjs for the tests that use it.
import type { Compiler } from 'webpack';

declare namespace appBudgetGuard {
  /** The participant app's whole first load on the wire (bytes), as the issue asks. */
  const APP_FIRST_LOAD_BYTES: number;
  /** Of it, the app entry's scripts and style sheets, Brotli-compressed (bytes). */
  const APP_INITIAL_ASSETS_BYTES: number;
  function brotliSize(buffer: Buffer): number;
  class AppBudgetGuard {
    constructor(options?: { entry?: string; budget?: number });
    apply(compiler: Compiler): void;
  }
}
export = appBudgetGuard;
