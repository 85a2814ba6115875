// Study Progress's score per day (issue 34 part 2): one score of the group's questionnaires, chosen here, per
// day of the study: the mean of the participants' day means, with the lowest and highest of them (how they are
// made: src/shared/scoreProgress.ts). The same figures follow as a table, for screen readers and exact values.
import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatScore, scoreChoiceLabel, scoreProgressTexts as texts } from '../../../../shared/scoreProgress';
import type { ScoreChoice, ScoreDay } from '../../../../shared/types/scoreProgress';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FiguresTable } from './FiguresTable';
import { fetchScoreProgress, selectScoreProgressFor, selectScoreProgressRequest } from './progressSlice';

interface Place {
  studyId: string;
  stageId: string;
  groupId: string;
  includePilot: boolean;
}

const keyOf = (choice: Pick<ScoreChoice, 'questionnaireId' | 'name'>) => `${choice.questionnaireId}/${choice.name}`;

function ScoreChart({ days, label }: { days: ScoreDay[]; label: string }) {
  return (
    <>
      <div role="img" aria-label={`${texts.title}: ${label}, ${texts.series.mean}, ${texts.series.min} and ${texts.series.max}`}>
        <LineChart responsive style={{ width: '100%', height: 260 }} data={days} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" label={{ value: texts.columns.day, position: 'insideBottom', offset: -4 }} height={40} />
          <YAxis width={56} />
          <Tooltip formatter={(value) => formatScore(Number(value))} labelFormatter={(day) => `Day ${String(day)}`} />
          <Legend verticalAlign="top" />
          <Line type="monotone" dataKey="mean" name={texts.series.mean} stroke="var(--bs-primary)" strokeWidth={2} isAnimationActive={false} />
          <Line type="monotone" dataKey="min" name={texts.series.min} stroke="var(--bs-secondary)" strokeDasharray="4 4" isAnimationActive={false} />
          <Line type="monotone" dataKey="max" name={texts.series.max} stroke="var(--bs-secondary)" strokeDasharray="2 6" isAnimationActive={false} />
        </LineChart>
      </div>
      <FiguresTable
        summary={texts.summary}
        caption={`${texts.title}: ${label}`}
        headers={[texts.columns.day, texts.columns.participants, texts.columns.answers, texts.columns.mean, texts.columns.min, texts.columns.max]}
        rows={days.map((d) => ({ label: `Day ${d.day}`, cells: [d.participants, d.answers, formatScore(d.mean), formatScore(d.min), formatScore(d.max)] }))}
      />
    </>
  );
}

export function ScoreProgress(place: Place) {
  const { studyId, stageId, groupId, includePilot } = place;
  const dispatch = useAppDispatch();
  const answer = useAppSelector((state) => selectScoreProgressFor(state, place));
  const request = useAppSelector(selectScoreProgressRequest);
  // The score chosen in this group; another group starts from its own first score.
  const [chosen, setChosen] = useState<{ groupId: string; score: { questionnaireId: string; name: string } } | null>(null);
  // The score's two parts, not the object holding them, decide when to ask again.
  const questionnaireId = chosen?.groupId === groupId ? chosen.score.questionnaireId : null;
  const name = chosen?.groupId === groupId ? chosen.score.name : null;

  useEffect(() => {
    const score = questionnaireId !== null && name !== null ? { score: { questionnaireId, name } } : {};
    void dispatch(fetchScoreProgress({ studyId, stageId, groupId, ...(includePilot ? { includePilot } : {}), ...score }));
  }, [dispatch, studyId, stageId, groupId, includePilot, questionnaireId, name]);

  const heading = (
    <h2 id="score-progress-title" className="h5">
      {texts.title}
    </h2>
  );
  if (!answer) {
    return request.status === 'fail' ? (
      <section aria-labelledby="score-progress-title" className="mb-3">
        {heading}
        <p className="text-danger small" role="alert">
          {request.message}
        </p>
      </section>
    ) : null;
  }
  if (!answer.chosen) {
    return (
      <section aria-labelledby="score-progress-title" className="mb-3">
        {heading}
        <p className="text-body-secondary">{texts.noScores}</p>
      </section>
    );
  }
  const shown = answer.chosen;
  return (
    <section aria-labelledby="score-progress-title" className="mb-3" aria-busy={request.status === 'request'}>
      {heading}
      <Form.Group controlId="score-progress-choice" className="mb-2" style={{ maxWidth: '24rem' }}>
        <Form.Label>{texts.choose}</Form.Label>
        <Form.Select
          value={keyOf(shown)}
          onChange={(event) => {
            const next = answer.choices.find((c) => keyOf(c) === event.target.value);
            if (next) setChosen({ groupId, score: { questionnaireId: next.questionnaireId, name: next.name } });
          }}
        >
          {answer.choices.map((c) => (
            <option key={keyOf(c)} value={keyOf(c)}>
              {scoreChoiceLabel(c)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {answer.days.length > 0 ? <ScoreChart days={answer.days} label={scoreChoiceLabel(shown)} /> : <p className="text-body-secondary">{texts.noAnswers}</p>}
      <p className="small text-body-secondary mt-2 mb-0">{texts.definition}</p>
    </section>
  );
}
