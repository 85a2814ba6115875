// The questionnaire as a participant meets it: questions in order, inputs to answer, and each question shown or
// hidden as the answers change, by the same visibility rule the participant app applies.
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { isQuestionVisible, type Answers } from '../../../../shared/questionnaire/visibility';
import type { MultipleChoiceSet, Question } from '../../../../shared/questionnaire/types';
import { RichTextView } from '../../../components/richText/RichTextView';
import { PreviewResponse } from './PreviewResponse';

interface PreviewModalProps {
  show: boolean;
  onClose: () => void;
  title: string;
  questions: readonly Question[];
  sets: readonly MultipleChoiceSet[];
}

function PreviewBody({ questions, sets }: Pick<PreviewModalProps, 'questions' | 'sets'>) {
  const [answers, setAnswers] = useState<Answers>({});
  const answer = (qpos: number, rpos: number, value: string | string[]) =>
    setAnswers((current) => ({ ...current, [qpos]: { ...current[qpos], [rpos]: value } }));
  const visible = questions.map((q) => isQuestionVisible(q, answers));
  const shown = visible.filter(Boolean).length;

  return (
    <>
      <p className="small text-body-secondary" aria-live="polite">
        {shown} of {questions.length} {questions.length === 1 ? 'question' : 'questions'} shown. Questions whose visibility conditions do
        not hold are hidden until the answers change.
      </p>
      {questions.map((q, qpos) =>
        visible[qpos] ? (
          <section key={q._id} className="preview-question border-bottom py-3" aria-labelledby={`preview-${q._id}`}>
            <h3 id={`preview-${q._id}`} className="h6 text-body-secondary">
              {q.question_num.trim() || `Question ${qpos + 1}`}
            </h3>
            <RichTextView html={q.html_question} />
            {q.guide && q.html_guide && <RichTextView html={q.html_guide} className="small text-body-secondary" />}
            {q.other_info.map((r, rpos) => (
              <PreviewResponse
                key={r._id}
                id={`preview-${q._id}-${r._id}`}
                label={`${q.question_num.trim() || `Question ${qpos + 1}`}, response ${rpos + 1}`}
                response={r}
                sets={sets}
                value={answers[qpos]?.[rpos]}
                onAnswer={(value) => answer(qpos, rpos, value)}
              />
            ))}
          </section>
        ) : null,
      )}
    </>
  );
}

export function PreviewModal({ show, onClose, title, questions, sets }: PreviewModalProps) {
  return (
    <Modal show={show} onHide={onClose} size="lg" scrollable aria-labelledby="preview-title">
      <Modal.Header closeButton>
        <Modal.Title id="preview-title" as="h2" className="h5">
          Preview: {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{show && <PreviewBody questions={questions} sets={sets} />}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
