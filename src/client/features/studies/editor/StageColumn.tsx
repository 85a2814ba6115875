// One column per stage (part 2 section 2.2), 400 px wide: "Stage N", Delete Stage (not stage 1), the stage
// name as participants see it, its two messages, its participant groups and Add Participant Group (not on
// stage 1). Memoised: a change in another stage leaves this column alone.
import { memo, useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { STAGE_COLUMN_WIDTH_PX } from '../../../../shared/limits';
import { studyMessages } from '../../../../shared/messages';
import type { Stage } from '../../../../shared/types/study';
import { useEditorContext } from './editorContext';
import { GroupBlock } from './GroupBlock';
import type { StageTexts } from './studyDraft';

const TEXT_FIELDS: { field: keyof StageTexts; label: string; rows?: number }[] = [
  { field: 'chin_name', label: 'Stage name (as presented to participants)' },
  { field: 'chin_progress_message', label: 'Message displayed during this stage', rows: 3 },
  { field: 'chin_complete_message', label: 'Message displayed at the time when this stage is completed', rows: 3 },
];

/** `shown`: the stage the editor's switcher names, the only one a phone shows (studyEditor.css). */
export const StageColumn = memo(function StageColumn({ stage, shown }: { stage: Stage; shown: boolean }) {
  const { can, edit, ask, deleteStage, addGroup, structureBusy } = useEditorContext();
  const ref = useMemo(() => ({ _id: stage._id, stage_num: stage.stage_num }), [stage._id, stage.stage_num]);
  const canEditTexts = can('editStageMessages');
  const first = stage.stage_num === 1;
  const headingId = `stage-${stage._id}-heading`;

  return (
    <section
      className={`study-editor-column study-editor-stage border rounded p-3${shown ? ' is-shown' : ''}`}
      style={{ width: STAGE_COLUMN_WIDTH_PX }}
      aria-labelledby={headingId}
    >
      <div className="d-flex align-items-center justify-content-between gap-2 mb-3">
        <h2 id={headingId} className="h5 mb-0">
          Stage {stage.stage_num}
        </h2>
        {!first && can('deleteStage') && (
          <Button size="sm" variant="outline-danger" disabled={structureBusy} onClick={() => ask(studyMessages.structureChangeWarning, () => deleteStage(ref))}>
            Delete Stage
          </Button>
        )}
      </div>
      {TEXT_FIELDS.map(({ field, label, rows }) => (
        <Form.Group className="mb-3" controlId={`stage-${stage._id}-${field}`} key={field}>
          <Form.Label>{label}</Form.Label>
          <Form.Control
            {...(rows ? { as: 'textarea' as const, rows } : {})}
            value={stage[field]}
            readOnly={!canEditTexts}
            autoComplete="off"
            onChange={(event) => edit({ type: 'stage', stageId: stage._id, changes: { [field]: event.target.value } })}
          />
        </Form.Group>
      ))}
      {stage.participant_group_list.map((group) => (
        <GroupBlock key={group._id} stage={ref} group={group} />
      ))}
      {/* The specification's rule (part 2 section 4) said, rather than a button silently missing. */}
      {first && (
        <p className="small text-body-secondary mb-0" data-testid="stage-one-groups-note">
          {studyMessages.stageOneNoGroups}
        </p>
      )}
      {!first && can('addGroup') && (
        <Button variant="outline-primary" size="sm" disabled={structureBusy} onClick={() => ask(studyMessages.structureChangeWarning, () => addGroup(ref))}>
          Add Participant Group
        </Button>
      )}
    </section>
  );
});
