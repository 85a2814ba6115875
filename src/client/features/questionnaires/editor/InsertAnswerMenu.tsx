// A question text's Insert answer menu (issue 34 part 3, piping): the earlier questions of this questionnaire
// whose answers the text may quote, and "From another questionnaire…", which opens the card's panel for the
// lab's other questionnaires (QuoteOtherQuestionnaire); the chosen one's token goes in at the caret. The items
// are built when the menu is about to be used (focus, or the pointer coming over it), as Go to's are, so that a
// long questionnaire does not build every card's list on every change.
import { useState, type Ref } from 'react';
import { pipeToken } from '../../../../shared/questionnaire/piping';
import { RowActionsMenu, type RowActionItem } from '../../../components/rowActions/RowActionsMenu';
import type { QuotableQuestion } from './quotable';

interface InsertAnswerMenuProps {
  /** Which text it inserts into, for its accessible name. */
  textName: string;
  /** The questions it may quote as they are now, asked for only when the items are built. */
  quotable: () => QuotableQuestion[];
  onInsert: (token: string) => void;
  onQuoteOther: () => void;
  toggleRef?: Ref<HTMLButtonElement>;
}

/** The item of a menu with no earlier question to quote (the first, or instructions only above): it inserts nothing. */
const NOTHING: RowActionItem<string> = { key: '', label: 'No earlier question to quote' };
/** Not a token: tokens start with braces. */
const OTHER: RowActionItem<string> = { key: 'other', label: 'From another questionnaire…', separated: true };

export function InsertAnswerMenu({ textName, quotable, onInsert, onQuoteOther, toggleRef }: InsertAnswerMenuProps) {
  const [items, setItems] = useState<RowActionItem<string>[]>([NOTHING, OTHER]);
  const build = () => {
    const found = quotable().map((q) => ({ key: pipeToken(null, q.number), label: q.label }));
    setItems([...(found.length > 0 ? found : [NOTHING]), OTHER]);
  };
  const select = (key: string) => {
    if (key === OTHER.key) onQuoteOther();
    else if (key) onInsert(key);
  };
  return (
    <div onFocus={build} onPointerEnter={build} onPointerDown={build}>
      <RowActionsMenu label="Insert answer" rowName={`into ${textName}`} items={items} onSelect={select} toggleRef={toggleRef} />
    </div>
  );
}
