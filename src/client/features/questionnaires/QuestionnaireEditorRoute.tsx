// The editor's route, small enough for the first bundle: it starts loading the questionnaire while the
// editor's code loads, instead of after the editor has appeared.
import { lazy, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { preloadQuestionnaire } from './preload';

const QuestionnaireEditorPage = lazy(() => import('./editor/QuestionnaireEditorPage'));

export function QuestionnaireEditorRoute() {
  const { id } = useParams();
  const preloaded = useRef<string | null>(null);
  // Once per questionnaire opened here, while rendering: an effect would wait for the editor's code.
  if (id && preloaded.current !== id) {
    preloaded.current = id;
    preloadQuestionnaire(id);
  }
  return <QuestionnaireEditorPage />;
}
