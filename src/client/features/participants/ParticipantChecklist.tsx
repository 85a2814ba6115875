// The participants a dialog acts on (Send Message, Assign at random): all of them at once, or each on its own,
// in a box that scrolls when the list is long.
import Form from 'react-bootstrap/Form';
import type { Participant } from '../../../shared/types/participant';

interface ParticipantChecklistProps {
  /** Prefix of the checkboxes' ids, unique on the page. */
  idPrefix: string;
  /** The "all at once" checkbox's words; the count is added. */
  everyoneLabel: string;
  participants: readonly Participant[];
  chosen: ReadonlySet<string>;
  onChange: (chosen: ReadonlySet<string>) => void;
}

export function ParticipantChecklist({ idPrefix, everyoneLabel, participants, chosen, onChange }: ParticipantChecklistProps) {
  const everyone = participants.length > 0 && participants.every((p) => chosen.has(p._id));
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  return (
    <>
      <Form.Check
        id={`${idPrefix}-everyone`}
        type="checkbox"
        label={`${everyoneLabel} (${participants.length})`}
        checked={everyone}
        disabled={participants.length === 0}
        onChange={() => onChange(everyone ? new Set() : new Set(participants.map((p) => p._id)))}
      />
      <div className="border rounded p-2 mt-1 overflow-auto" style={{ maxHeight: '12rem' }}>
        {participants.map((p) => (
          <Form.Check
            key={p._id}
            id={`${idPrefix}-${p._id}`}
            type="checkbox"
            label={`${p.participant_code} (${p.email})`}
            checked={chosen.has(p._id)}
            onChange={() => toggle(p._id)}
          />
        ))}
      </div>
    </>
  );
}
