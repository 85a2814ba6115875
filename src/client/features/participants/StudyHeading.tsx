// A participant page's heading, with the study's code and name at the right (part 2 section 2.5).
import type { Study } from '../../../shared/types/study';

export function StudyHeading({ title, study }: { title: string; study: Study | null }) {
  return (
    <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
      <h1 className="h3 mb-0">{title}</h1>
      {study && (
        <dl className="mb-0 text-md-end small">
          <div>
            <dt className="d-inline fw-normal text-body-secondary">Study Code: </dt>
            <dd className="d-inline font-monospace mb-0">{study.study_code}</dd>
          </div>
          {study.chin_name.trim() && (
            <div>
              <dt className="d-inline fw-normal text-body-secondary">Study Name: </dt>
              <dd className="d-inline fw-semibold mb-0">{study.chin_name}</dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}
