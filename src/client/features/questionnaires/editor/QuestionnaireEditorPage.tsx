// /qx/{questionnaireId}/edit: loads the questionnaire and its multiple-choice sets, then opens the editor on a
// working copy of what the server has.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { MultipleChoiceSet } from '../../../../shared/questionnaire/types';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { LinkButton } from '../../../components/LinkButton';
import { Loading } from '../../../components/Loading';
import { selectReplaying } from '../../../app/qa/qaSlice';
import { selectMcSets, selectMcSetsOf, selectQuestionnaire, selectQuestionnairesRequests, fetchMcSets, fetchQuestionnaire } from '../questionnairesSlice';
import '../questionnaires.css';
import { QuestionnaireEditor } from './QuestionnaireEditor';

const NO_SETS: readonly MultipleChoiceSet[] = [];

export default function QuestionnaireEditorPage() {
  const dispatch = useAppDispatch();
  const { id = '' } = useParams();
  const questionnaire = useAppSelector(selectQuestionnaire);
  const allSets = useAppSelector(selectMcSets);
  const setsOf = useAppSelector(selectMcSetsOf);
  const status = useAppSelector(selectQuestionnairesRequests).questionnaire.status;
  const replaying = useAppSelector(selectReplaying);
  // The editor starts from this visit's answer, never from a copy an earlier visit left in the store.
  const [loaded, setLoaded] = useState<string | null>(null);

  useEffect(() => {
    if (replaying || !id) return;
    let current = true;
    // Both answers before the editor opens: sets arriving later would render every question card again.
    void Promise.all([dispatch(fetchQuestionnaire(id)), dispatch(fetchMcSets(id))]).then(() => {
      if (current) setLoaded(id);
    });
    return () => {
      current = false;
    };
  }, [dispatch, id, replaying]);

  if (questionnaire && questionnaire._id === id && (replaying || loaded === id)) {
    return <QuestionnaireEditor key={questionnaire._id} questionnaire={questionnaire} sets={setsOf === id ? allSets : NO_SETS} />;
  }
  if (status === 'fail') {
    return (
      <LinkButton to={paths.questionnaires.getHref()} variant="outline-secondary">
        Back to Questionnaire List
      </LinkButton>
    );
  }
  return <Loading />;
}
