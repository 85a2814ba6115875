// Whether the study editor's draft holds unsaved changes: it differs from the study as the server last
// described it in anything the editor's saves send. The consent form (its own dialog and call) and the active
// status (the list's buttons) change in the store without passing through the draft, so they are left out.
import { deepEqual } from '../../../shared/deepEqual';
import type { Study } from '../../../shared/types/study';

function editedPart(study: Study) {
  const { active_status: _status, stage_list, ...rest } = study;
  return { ...rest, stage_list: stage_list.map(({ consent_info: _consent, ...stage }) => stage) };
}

export function draftChanged(saved: Study, draft: Study): boolean {
  return saved !== draft && !deepEqual(editedPart(saved), editedPart(draft));
}
