// One column per stage (part 2 section 2.2): its number, its name and its participant groups. Editing the
// stage and group settings belongs to the study structure work of part 2; here they are shown as saved.
import { STAGE_COLUMN_WIDTH_PX } from '../../../shared/limits';
import type { Stage } from '../../../shared/types/study';

function NotNamed() {
  return <span className="text-body-secondary fst-italic">Not named yet</span>;
}

export function StageColumn({ stage }: { stage: Stage }) {
  const headingId = `stage-${stage._id}-heading`;
  return (
    <section className="study-editor-column study-editor-stage border rounded p-3" style={{ width: STAGE_COLUMN_WIDTH_PX }} aria-labelledby={headingId}>
      <h2 id={headingId} className="h5 mb-3">
        Stage {stage.stage_num}
      </h2>
      <dl className="mb-3">
        <dt className="small text-body-secondary">Stage name (as presented to participants)</dt>
        <dd className="mb-0 text-break">{stage.chin_name.trim() ? stage.chin_name : <NotNamed />}</dd>
      </dl>
      <h3 className="h6">Participant Groups</h3>
      <ul className="list-unstyled mb-0">
        {stage.participant_group_list.map((group) => (
          <li key={group._id} className="border rounded p-2 mb-2">
            <div className="fw-semibold">Participant Group {group.group_num}</div>
            <div className="text-break">{group.name.trim() ? group.name : <NotNamed />}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}
