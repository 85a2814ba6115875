// A section of the questionnaire editor that holds a list of drafts (scores, shuffled runs): the card, its heading
// and intro, the words for an empty list, the drafts and what follows them (an Add button).
import type { ReactNode } from 'react';

export interface DraftListTexts {
  heading: string;
  intro: string;
  none: string;
}

export function DraftListSection({ headingId, texts, empty, children, footer }: { headingId: string; texts: DraftListTexts; empty: boolean; children: ReactNode; footer: ReactNode }) {
  return (
    <section className="card mb-3" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5">
          {texts.heading}
        </h2>
        <p className="small text-body-secondary">{texts.intro}</p>
        {empty && <p className="small">{texts.none}</p>}
        {children}
        {footer}
      </div>
    </section>
  );
}

/** The list with the draft at `index` changed. */
export function changedAt<T>(drafts: readonly T[], index: number, changes: Partial<T>): T[] {
  return drafts.map((d, i) => (i === index ? { ...d, ...changes } : d));
}
