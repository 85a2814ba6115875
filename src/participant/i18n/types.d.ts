// t() knows the app's keys: a key that en.ts lacks fails the type-check.
import 'i18next';
import type { en } from './en';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}
