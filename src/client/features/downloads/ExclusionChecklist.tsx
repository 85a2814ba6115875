// The participants to leave out of the text download: a searchable checklist (by participant id or email).
// What is checked stays checked while a search hides it; the count says how many are excluded in all.
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { dataDownloadTexts, excludedCountText } from '../../../shared/dataDownloadTexts';
import type { Participant } from '../../../shared/types/participant';
import './downloads.css';

interface ExclusionChecklistProps {
  participants: Participant[];
  excluded: ReadonlySet<string>;
  onChange: (excluded: ReadonlySet<string>) => void;
}

function matches(participant: Participant, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || participant.participant_code.toLowerCase().includes(needle) || participant.email.toLowerCase().includes(needle);
}

export function ExclusionChecklist({ participants, excluded, onChange }: ExclusionChecklistProps) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => participants.filter((p) => matches(p, search)), [participants, search]);
  const count = participants.filter((p) => excluded.has(p._id)).length;

  const toggle = (participantId: string, checked: boolean) => {
    const next = new Set(excluded);
    if (checked) next.add(participantId);
    else next.delete(participantId);
    onChange(next);
  };

  if (participants.length === 0) return <p className="mb-0">{dataDownloadTexts.noParticipants}</p>;
  return (
    <>
      <Form.Group className="mb-2" controlId="text-download-search">
        <Form.Label className="visually-hidden">{dataDownloadTexts.searchLabel}</Form.Label>
        <Form.Control
          type="search"
          placeholder={dataDownloadTexts.searchLabel}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoComplete="off"
        />
      </Form.Group>
      <div className="d-flex align-items-center gap-2 mb-2">
        <span className="small" aria-live="polite">
          {excludedCountText(count, participants.length)}
        </span>
        {count > 0 && (
          <Button variant="link" size="sm" className="p-0" onClick={() => onChange(new Set())}>
            {dataDownloadTexts.clearExclusions}
          </Button>
        )}
      </div>
      <div className="download-exclusions border rounded p-2">
        {shown.length === 0 ? (
          <p className="small mb-0">{dataDownloadTexts.noMatch}</p>
        ) : (
          shown.map((p) => (
            <Form.Check
              key={p._id}
              id={`exclude-${p._id}`}
              type="checkbox"
              className="text-break"
              checked={excluded.has(p._id)}
              onChange={(event) => toggle(p._id, event.target.checked)}
              label={
                <>
                  <span className="font-monospace">{p.participant_code}</span> {p.email}
                </>
              }
            />
          ))
        )}
      </div>
    </>
  );
}
