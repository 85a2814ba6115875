// Reads the Study List's table as both callers' page tests check it: a study's row by its code, and the
// names of the row's buttons and links.
import { screen, within } from '@testing-library/react';

export const rowOf = (code: string) => screen.getByRole('cell', { name: code }).closest('tr') as HTMLElement;

export const buttonsOf = (code: string) =>
  within(rowOf(code))
    .queryAllByRole('button')
    .concat(within(rowOf(code)).queryAllByRole('link'))
    .map((b) => (b.textContent ?? '').replace(code, '').trim())
    .sort();
