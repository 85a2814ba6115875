// jsdom lacks TextEncoder/TextDecoder, which react-router needs when it loads. Imported first by testUtils;
// belongs in __tests__/support/clientSetup.ts (owned elsewhere), after which this file can go.
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
