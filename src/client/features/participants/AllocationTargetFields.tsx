// The fields Assign at random and the allocation rule share (issue 34, part 4): a later stage, two or more of
// its groups each with its ratio, the block size and an optional seed. The draft holds the typed text; bodyOf
// turns it into the call's fields for the shared rule to judge (NaN where no number is typed).
import Form from 'react-bootstrap/Form';
import { allocationTexts } from '../../../shared/allocation';
import type { Study } from '../../../shared/types/study';
import { groupLabel, stageLabel } from '../../components/stageGroup/labels';

export interface TargetDraft {
  stageId: string | null;
  groupIds: readonly string[];
  ratios: Readonly<Record<string, string>>;
  blockSize: string;
  seed: string;
}

const DEFAULT_BLOCK_SIZE = '4';

export const emptyTarget: TargetDraft = { stageId: null, groupIds: [], ratios: {}, blockSize: DEFAULT_BLOCK_SIZE, seed: '' };

export const targetDirty = (d: TargetDraft) => d.stageId !== null || d.groupIds.length > 0 || d.blockSize !== DEFAULT_BLOCK_SIZE || d.seed !== '';

/** The typed number, or NaN when the field holds no whole number, for the shared rule to judge. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

type Stage = Study['stage_list'][number];

/** The call's fields: the groups in the stage's order, whatever order they were ticked in. */
export function bodyOf(stages: readonly Stage[], d: TargetDraft) {
  const stage = stages.find((s) => s._id === d.stageId);
  const groupIds = (stage?.participant_group_list ?? []).map((g) => g._id).filter((g) => d.groupIds.includes(g));
  return {
    stageId: d.stageId ?? '',
    groupIds,
    ratios: groupIds.map((g) => numberOf(d.ratios[g] ?? '1')),
    blockSize: numberOf(d.blockSize),
    seed: d.seed.trim() === '' ? undefined : Number(d.seed),
  };
}

interface AllocationTargetFieldsProps {
  idPrefix: string;
  /** The study's stages in order; the first is offered as no target. */
  stages: readonly Stage[];
  draft: TargetDraft;
  onChange: (draft: TargetDraft) => void;
}

export function AllocationTargetFields({ idPrefix, stages, draft, onChange }: AllocationTargetFieldsProps) {
  const stage = stages.find((s) => s._id === draft.stageId);
  const { groupIds, ratios } = draft;
  const toggleGroup = (id: string) => onChange({ ...draft, groupIds: groupIds.includes(id) ? groupIds.filter((g) => g !== id) : [...groupIds, id] });
  return (
    <>
      <Form.Group className="mb-3" controlId={`${idPrefix}-stage`}>
        <Form.Label>{allocationTexts.stage}</Form.Label>
        <Form.Select value={draft.stageId ?? ''} onChange={(e) => onChange({ ...draft, stageId: e.target.value || null, groupIds: [] })}>
          <option value="">{allocationTexts.chooseStage}</option>
          {stages.slice(1).map((s) => (
            <option key={s._id} value={s._id}>
              {stageLabel(s)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {stage && (
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{allocationTexts.groups}</legend>
          {stage.participant_group_list.map((g) => (
            <div key={g._id} className="d-flex align-items-center gap-3 mb-1">
              <Form.Check id={`${idPrefix}-group-${g._id}`} type="checkbox" label={groupLabel(g)} checked={groupIds.includes(g._id)} onChange={() => toggleGroup(g._id)} />
              {groupIds.includes(g._id) && (
                <Form.Control
                  type="number"
                  min={1}
                  step={1}
                  size="sm"
                  style={{ width: '5rem' }}
                  aria-label={allocationTexts.ratioOf(groupLabel(g))}
                  value={ratios[g._id] ?? '1'}
                  onChange={(e) => onChange({ ...draft, ratios: { ...ratios, [g._id]: e.target.value } })}
                />
              )}
            </div>
          ))}
        </fieldset>
      )}
      <div className="d-flex flex-wrap gap-3">
        <Form.Group controlId={`${idPrefix}-block-size`}>
          <Form.Label>{allocationTexts.blockSize}</Form.Label>
          <Form.Control type="number" min={2} step={1} style={{ width: '8rem' }} value={draft.blockSize} onChange={(e) => onChange({ ...draft, blockSize: e.target.value })} />
        </Form.Group>
        <Form.Group controlId={`${idPrefix}-seed`}>
          <Form.Label>{allocationTexts.seed}</Form.Label>
          <Form.Control
            type="number"
            min={0}
            step={1}
            style={{ width: '12rem' }}
            value={draft.seed}
            onChange={(e) => onChange({ ...draft, seed: e.target.value })}
            aria-describedby={`${idPrefix}-seed-help`}
          />
        </Form.Group>
      </div>
      <Form.Text id={`${idPrefix}-seed-help`}>{allocationTexts.seedHelp}</Form.Text>
    </>
  );
}
