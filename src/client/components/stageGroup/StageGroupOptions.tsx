// The <option>s of a stage choice and of a group choice of that stage, one list for every such select. Each
// caller keeps its own select: its label, first option, value, change and disabled rule differ.
import type { Stage, Study } from '../../../shared/types/study';
import { groupLabel, stageLabel } from './labels';

/** The study's stages; none while the study is still loading. */
export function StageOptions({ study }: { study: Study | null }) {
  return (
    <>
      {study?.stage_list.map((s) => (
        <option key={s._id} value={s._id}>
          {stageLabel(s)}
        </option>
      ))}
    </>
  );
}

/** The chosen stage's groups; none until a stage is chosen. */
export function GroupOptions({ stage }: { stage: Stage | undefined }) {
  return (
    <>
      {stage?.participant_group_list.map((g) => (
        <option key={g._id} value={g._id}>
          {groupLabel(g)}
        </option>
      ))}
    </>
  );
}
