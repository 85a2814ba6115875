// Edit Study (part 2 section 2.2), for whoever passes the calls: loads the study and the lab's questionnaires,
// then opens the form on a working copy of what the server sent. Every whole study that arrives (load, save,
// a stage or group added or deleted) starts the working copy afresh. The form waits for the questionnaires as
// well: arriving later, they would render every group a second time.
import { useEffect, type ReactNode } from 'react';
import { LinkButton } from '../../../components/LinkButton';
import { Loading } from '../../../components/Loading';
import type { StudyEditorCalls } from './editorCalls';
import { StudyEditorForm } from './StudyEditorForm';
import './studyEditor.css';

/** actions: buttons beside the heading that are the page's own (the lab user's 'Pilot this study'). */
export function StudyEditor({ calls, actions }: { calls: StudyEditorCalls; actions?: ReactNode }) {
  const { load, loadQuestionnaireOptions, study, loadId, requests, backHref } = calls;

  useEffect(() => {
    load();
    loadQuestionnaireOptions();
  }, [load, loadQuestionnaireOptions]);

  if (!study || requests.questionnaireOptions.status === 'request') {
    return !study && requests.load.status === 'fail' ? (
      <LinkButton to={backHref} variant="outline-secondary">
        Back to the Study List
      </LinkButton>
    ) : (
      <Loading />
    );
  }
  return <StudyEditorForm key={study._id} study={study} loadId={loadId} calls={calls} actions={actions} />;
}
