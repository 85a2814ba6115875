// Save Changes on a live study (issue 21): before anything is saved, what the changes would do to the plans of
// participants already in their stage, per change and per participant, and the researcher's choice per change:
// re-plan their future now, or reach only those who arrive later (the default, as saving always did).
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { impactCountNames, liveEditPartNames, liveEditTexts } from '../../../../shared/messages';
import { hasImpact, IMPACT_COUNT_KEYS, type ImpactCounts, type LiveEditChange, type LiveEditImpact } from '../../../../shared/types/liveEdits';
import type { Study } from '../../../../shared/types/study';
import { groupLabel, stageLabel } from '../../../components/stageGroup/labels';

/** "2 prompts moved, 1 diaries lengthened": the counts that are not zero. */
export function impactSummary(counts: ImpactCounts): string {
  return IMPACT_COUNT_KEYS.filter((key) => counts[key] > 0)
    .map((key) => `${counts[key]} ${impactCountNames[key]}`)
    .join(', ');
}

function placeOf(study: Study, change: LiveEditChange): string {
  const stage = study.stage_list.find((s) => s._id === change.stage_id);
  const group = stage?.participant_group_list.find((g) => g._id === change.group_id);
  const where = stage && group ? `${stageLabel(stage)}, ${groupLabel(group)}` : change.group_name;
  return `${where}: ${liveEditPartNames[change.part]}`;
}

function ChangeImpact({ study, change, now, onChoose }: { study: Study; change: LiveEditChange; now: boolean; onChoose: (now: boolean) => void }) {
  const headingId = `live-edit-${change.key.replace(/[^\w-]/g, '-')}`;
  return (
    <section className="mb-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="h6">
        {placeOf(study, change)}
      </h3>
      <p className="mb-2">{impactSummary(change.total)}</p>
      <Table size="sm" bordered className="mb-2">
        <thead>
          <tr>
            <th scope="col">Participant</th>
            <th scope="col">Change to the plan</th>
          </tr>
        </thead>
        <tbody>
          {change.participants.map((p) => (
            <tr key={p.participant_id}>
              <td>
                {p.participant_code}
                {p.pilot && <span className="badge text-bg-secondary ms-2">{liveEditTexts.pilot}</span>}
              </td>
              <td>{impactSummary(p)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Form.Check type="radio" id={`${headingId}-now`} name={headingId} label={liveEditTexts.applyNow} checked={now} onChange={() => onChoose(true)} />
      <Form.Check type="radio" id={`${headingId}-later`} name={headingId} label={liveEditTexts.applyLater} checked={!now} onChange={() => onChoose(false)} />
    </section>
  );
}

interface LiveEditDialogProps {
  study: Study;
  impact: LiveEditImpact | null;
  saving: boolean;
  onCancel: () => void;
  /** The keys of the changes to apply now. */
  onConfirm: (applyNow: string[]) => void;
}

export function LiveEditDialog({ study, impact, saving, onCancel, onConfirm }: LiveEditDialogProps) {
  return (
    <Modal show={impact !== null} onHide={onCancel} size="lg" scrollable aria-labelledby="live-edit-title">
      {/* Mounted per impact, so every Save Changes starts from "only those who arrive later". */}
      {impact && <LiveEditContent study={study} impact={impact} saving={saving} onCancel={onCancel} onConfirm={onConfirm} />}
    </Modal>
  );
}

function LiveEditContent({ study, impact, saving, onCancel, onConfirm }: LiveEditDialogProps & { impact: LiveEditImpact }) {
  const [applyNow, setApplyNow] = useState<ReadonlySet<string>>(new Set());
  const affecting = impact.changes.filter((c) => hasImpact(c.total));
  const choose = (key: string, now: boolean) =>
    setApplyNow((current) => {
      const next = new Set(current);
      if (now) next.add(key);
      else next.delete(key);
      return next;
    });
  return (
    <>
      <Modal.Header closeButton>
        <Modal.Title id="live-edit-title" as="h2" className="h5">
          {liveEditTexts.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{liveEditTexts.intro}</p>
        {affecting.length === 0 && <p>{liveEditTexts.noneAffected}</p>}
        {affecting.map((change) => (
          <ChangeImpact key={change.key} study={study} change={change} now={applyNow.has(change.key)} onChoose={(now) => choose(change.key, now)} />
        ))}
        {affecting.length > 1 && (
          <p className="fw-semibold mb-0">
            {liveEditTexts.total}: {impactSummary(impact.total)}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          {liveEditTexts.cancel}
        </Button>
        <Button onClick={() => onConfirm(affecting.filter((c) => applyNow.has(c.key)).map((c) => c.key))} disabled={saving}>
          {liveEditTexts.confirm}
        </Button>
      </Modal.Footer>
    </>
  );
}
