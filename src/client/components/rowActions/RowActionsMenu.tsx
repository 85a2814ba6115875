// One menu of a table row's actions ("Actions"), so a row with many actions fits the table's width instead of
// scrolling sideways (issue 18). It follows the ARIA menu button pattern: Enter, Space or Arrow Down opens it
// with the first item focused, the arrow keys move, Escape and Tab close it and Escape returns the focus to
// the button. The menu is placed against the viewport (fixed), so a table that scrolls inside its own box
// does not clip it, and drawn at the end of the page (a portal): inside the row's sticky actions cell, Popper
// measured the button against that cell and put the menu at the window's top right, far from its row. A chosen item is passed on once the menu has closed and given the focus back to its button,
// so a dialog the item opens takes the focus (its own first control) and returns it to that button on closing.
import { useEffect, useRef, useState, type Ref } from 'react';
import { createPortal } from 'react-dom';
import Dropdown from 'react-bootstrap/Dropdown';

export interface RowActionItem<K extends string> {
  /** Stable key and what onSelect says was chosen. */
  key: K;
  label: string;
  /** Draws a line above the item: sets apart the moves that cannot be undone. */
  separated?: boolean;
}

interface RowActionsMenuProps<K extends string> {
  label: string;
  /** Read after the label by screen readers, so that each row's menu has its own name. */
  rowName: string;
  items: RowActionItem<K>[];
  onSelect: (key: K) => void;
  /** The menu's button, for a row that hands the focus back to it. */
  toggleRef?: Ref<HTMLButtonElement>;
}

const fixed = { strategy: 'fixed' as const };

export function RowActionsMenu<K extends string>({ label, rowName, items, onSelect, toggleRef }: RowActionsMenuProps<K>) {
  const [show, setShow] = useState(false);
  const chosen = useRef<K | null>(null);

  // Runs after the library's own effect has moved the focus back to the button.
  useEffect(() => {
    if (show || chosen.current === null) return;
    const key = chosen.current;
    chosen.current = null;
    onSelect(key);
  }, [show, onSelect]);

  return (
    <Dropdown align="end" show={show} onToggle={(next) => setShow(next)}>
      {/* Said before the menu is first drawn (the library adds it only once the menu exists). */}
      <Dropdown.Toggle ref={toggleRef} size="sm" variant="outline-primary" aria-haspopup="menu">
        {label}
        <span className="visually-hidden"> {rowName}</span>
      </Dropdown.Toggle>
      {createPortal(
        <Dropdown.Menu role="menu" popperConfig={fixed}>
          {items.map((item) => [
            item.separated && <Dropdown.Divider key={`${item.key}-line`} />,
            // No eventKey: with one, the item would carry aria-selected, which a menuitem may not have (axe).
            <Dropdown.Item key={item.key} as="button" type="button" role="menuitem" onClick={() => (chosen.current = item.key)}>
              {item.label}
            </Dropdown.Item>,
          ])}
        </Dropdown.Menu>,
        document.body,
      )}
    </Dropdown>
  );
}
