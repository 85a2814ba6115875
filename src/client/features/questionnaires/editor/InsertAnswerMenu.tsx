// A question text's Insert answer menu (issue 34 part 3, piping): the earlier questions of this questionnaire
// whose answers the text may quote; the chosen one's token goes in at the caret. The items are built when the
// menu is about to be used (focus, or the pointer coming over it), as Go to's are, so that a long questionnaire
// does not build every card's list on every change.
import { useState } from 'react';
import { RowActionsMenu, type RowActionItem } from '../../../components/rowActions/RowActionsMenu';

export interface QuotableQuestion {
  /** The token quoting it, `{{Q3}}`. */
  token: string;
  label: string;
}

interface InsertAnswerMenuProps {
  /** Which text it inserts into, for its accessible name. */
  textName: string;
  /** The questions it may quote as they are now, asked for only when the items are built. */
  quotable: () => QuotableQuestion[];
  onInsert: (token: string) => void;
}

/** The one item of a menu with nothing to quote (instructions only above): choosing it inserts nothing. */
const NOTHING: RowActionItem<string> = { key: '', label: 'No earlier question to quote' };

export function InsertAnswerMenu({ textName, quotable, onInsert }: InsertAnswerMenuProps) {
  const [items, setItems] = useState<RowActionItem<string>[]>([NOTHING]);
  const build = () => {
    const found = quotable().map((q) => ({ key: q.token, label: q.label }));
    setItems(found.length > 0 ? found : [NOTHING]);
  };
  return (
    <div onFocus={build} onPointerEnter={build} onPointerDown={build}>
      <RowActionsMenu label="Insert answer" rowName={`into ${textName}`} items={items} onSelect={(token) => token && onInsert(token)} />
    </div>
  );
}
