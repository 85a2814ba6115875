// The small pages of the prompt email's unsubscribe link (issue 33), in English with Traditional Chinese beneath
// (the link names no language): the question whose button posts the link, the confirmation, and a bad link.
import { promptEmailUnsubscribeTexts as en, promptEmailUnsubscribeTextsZh as zh } from '../../../shared/messages/promptEmail';
import { escapeHtml } from './html';
import { UNSUBSCRIBE_PATH } from './promptEmail';

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(en.title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem">${body}</body></html>`;
}

const lines = (...texts: string[]) => texts.map((t) => `<p>${escapeHtml(t)}</p>`).join('');

/** Asks to confirm: a GET never unsubscribes (mail scanners follow links); the button posts the same link. */
export function unsubscribeAskPage(token: string): string {
  const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
  return page(
    `<h1 style="font-size:1.25rem">${escapeHtml(en.title)}</h1>${lines(en.ask, zh.ask)}` +
      `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="padding:.5rem 1rem">${escapeHtml(en.button)} / ${escapeHtml(zh.button)}</button></form>`,
  );
}

export const unsubscribeDonePage = (): string => page(lines(en.done, zh.done));
export const unsubscribeInvalidPage = (): string => page(lines(en.invalid, zh.invalid));
