// The questionnaire as a participant meets it, drawn by the renderer the participant app uses (src/ui): questions
// in order, inputs to answer, each question shown or hidden as the answers change, media files from their signed
// addresses, and a chosen photo shown from this computer without being uploaded.
import { useCallback, useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { applyAnswerChange, type AnswerChange } from '../../../../shared/questionnaire/formAnswers';
import { visibleQuestions, type Answers } from '../../../../shared/questionnaire/visibility';
import type { MultipleChoiceSet, Question, ShuffleRun } from '../../../../shared/questionnaire/types';
import { drawShownOrder } from '../../../../shared/questionnaire/shuffles';
import { MAX_SEED } from '../../../../shared/seededRandom';
import { QuestionnaireForm } from '../../../../ui/questionnaire';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { fetchMediaAddresses, selectMediaAddresses } from '../../media';

interface PreviewModalProps {
  show: boolean;
  onClose: () => void;
  title: string;
  questions: readonly Question[];
  sets: readonly MultipleChoiceSet[];
  /** Runs of shuffled questions: shown in an order drawn when the preview opens, as each answer draws its own. */
  shuffleRuns: readonly ShuffleRun[];
}

/** The stored keys of the uploaded files the questions show. */
function uploadedKeys(questions: readonly Question[]): string[] {
  const keys = questions.flatMap((q) => q.other_info.filter((r) => r.type === 'media' && r.media_source === 'uploaded' && r.media_url).map((r) => r.media_url));
  return [...new Set(keys)];
}

/** The preview keeps a chosen photo on this computer: its name stands for the key an upload would give. */
const keepPhotoLocally = async (file: File) => file.name;

function PreviewBody({ questions, sets, shuffleRuns }: Pick<PreviewModalProps, 'questions' | 'sets' | 'shuffleRuns'>) {
  const dispatch = useAppDispatch();
  const [seed] = useState(() => Math.floor(Math.random() * MAX_SEED));
  const shownOrder = useMemo(() => drawShownOrder(questions, sets, shuffleRuns, seed), [questions, sets, shuffleRuns, seed]);
  const addresses = useAppSelector(selectMediaAddresses);
  const [answers, setAnswers] = useState<Answers>({});
  // One string, so the effect asks again only when the files change, not on every edit of the questions.
  const keysKey = useMemo(() => uploadedKeys(questions).join('\n'), [questions]);

  useEffect(() => {
    if (keysKey) void dispatch(fetchMediaAddresses(keysKey.split('\n')));
  }, [dispatch, keysKey]);

  const onChange = useCallback((change: AnswerChange) => setAnswers((current) => applyAnswerChange(current, change)), []);
  const mediaUrl = useCallback((key: string) => addresses[key] ?? null, [addresses]);
  const shown = visibleQuestions(questions, answers).filter(Boolean).length;

  return (
    <>
      <p className="small text-body-secondary" aria-live="polite">
        {shown} of {questions.length} {questions.length === 1 ? 'question' : 'questions'} shown. Questions whose visibility conditions do
        not hold are hidden until the answers change.
      </p>
      <QuestionnaireForm
        questions={questions}
        sets={sets}
        answers={answers}
        onChange={onChange}
        mediaUrl={mediaUrl}
        onPhotoChosen={keepPhotoLocally}
        idPrefix="preview"
        shownOrder={shownOrder}
        shuffleRuns={shuffleRuns}
        earlier={null}
      />
    </>
  );
}

export function PreviewModal({ show, onClose, title, questions, sets, shuffleRuns }: PreviewModalProps) {
  return (
    <Modal show={show} onHide={onClose} size="lg" scrollable aria-labelledby="preview-title">
      <Modal.Header closeButton>
        <Modal.Title id="preview-title" as="h2" className="h5">
          Preview: {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{show && <PreviewBody questions={questions} sets={sets} shuffleRuns={shuffleRuns} />}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
