import { screen, within } from '@testing-library/react';
import { mockApi, type MockApi } from '../../support/mockApi';
import { deferEditors, inResponse, openEditor } from './editorHarness';
import { moodSet, question, response } from './fixtures';
import { drawShownOrder } from '../../../../src/shared/questionnaire/shuffles';
import { MAX_SEED } from '../../../../src/shared/seededRandom';

jest.setTimeout(30_000);
deferEditors();

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

describe('the preview', () => {
  it('shows a shuffled run and shuffled choices in the order drawn when it opens, the titles in order', async () => {
    const questions = [
      question('q1', 'Q1', [response('r1', 'text')], { html_question: '<p>First</p>' }),
      question('q2', 'Q2', [response('r2', 'text')], { html_question: '<p>Second</p>' }),
      question('q3', 'Q3', [response('r3', 'mc', { choices: 'set1', shuffle_choices: true })], { html_question: '<p>Third</p>' }),
    ];
    const runs = [{ from_pos: 0, to_pos: 2 }];
    // A draw whose order is not the questionnaire's own, so that the test tells them apart.
    const fraction = [0.1, 0.3, 0.5, 0.7, 0.9].find((f) => drawShownOrder(questions, [moodSet], runs, Math.floor(f * MAX_SEED))?.questions?.[0] !== 0) ?? 0;
    const expected = drawShownOrder(questions, [moodSet], runs, Math.floor(fraction * MAX_SEED));
    expect(expected?.questions?.[0]).not.toBe(0);
    const { user } = await openEditor(net, questions, [moodSet], [], { shuffle_runs: runs });
    const random = jest.spyOn(Math, 'random').mockReturnValue(fraction);
    try {
      await user.click(screen.getByRole('button', { name: 'Preview' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Preview: Sleep Diary' }));
      const texts = ['First', 'Second', 'Third'];
      const shown = [...document.querySelectorAll('#preview .qf-text')].map((t) => t.textContent);
      expect(shown).toEqual(expected?.questions?.map((qpos) => texts[qpos]));
      expect(dialog.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Q1', 'Q2', 'Q3']);
      expect(dialog.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(expected?.choices?.['2']);
    } finally {
      random.mockRestore();
    }
  });

  it('shows a question only while its visibility condition holds', async () => {
    const { user } = await openEditor(
      net,
      [
        question('q1', 'Q1', [response('r1', 'mc', { choices: 'set1' })]),
        question('q2', 'Q2', [response('r2', 'text', { number_only: true })], {
          html_question: '<p>Why are you sad?</p>',
          dependency: [{ or: [{ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'is selected', criterion_value: 'sad' }] }],
        }),
        question('q3', 'Q3', [response('r3', 'textarea')], {
          html_question: '<p>Anything else?</p>',
          dependency: [{ or: [{ dependent_qpos: 1, dependent_response_pos: 0, criterion_operator: 'greater', criterion_value: '5' }] }],
        }),
      ],
      [moodSet],
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Preview: Sleep Diary' }));
    expect(dialog.getByText('Text of Q1')).toBeInTheDocument();
    expect(dialog.queryByText('Why are you sad?')).not.toBeInTheDocument();
    expect(dialog.getByText(/1 of 3 questions shown/)).toBeInTheDocument();

    await user.click(dialog.getByRole('radio', { name: 'Sad' }));
    expect(dialog.getByText('Why are you sad?')).toBeInTheDocument();
    expect(dialog.queryByText('Anything else?')).not.toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: 'Q2 Why are you sad?' }), '7');
    expect(dialog.getByText('Anything else?')).toBeInTheDocument();

    await user.click(dialog.getByRole('radio', { name: 'Happy' }));
    expect(dialog.queryByText('Why are you sad?')).not.toBeInTheDocument();
  });

  it('fills answers of this questionnaire in as they are given, and shows an earlier questionnaire’s fallback or token name', async () => {
    const { user } = await openEditor(
      net,
      [
        question('q1', 'Q1', [response('r1', 'mc', { choices: 'set1', multiple: true })]),
        question('q2', 'Q2', [response('r2', 'text')], { html_question: '<p>Why {{Q1}}? Last time {{MOOD.Q1|nothing}}, {{SLEEP.Q2}}</p>' }),
      ],
      [moodSet],
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Preview: Sleep Diary' }));
    expect(dialog.getByText('Why ? Last time nothing, [SLEEP.Q2]')).toBeInTheDocument();
    await user.click(dialog.getByRole('checkbox', { name: 'Sad' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Happy' }));
    expect(dialog.getByText('Why Happy, Sad? Last time nothing, [SLEEP.Q2]')).toBeInTheDocument();
  });

  it('shows an uploaded media file from the signed address asked for by its key, and says so when there is none', async () => {
    net.on('POST', '/api/files/byKeys', () => ({
      status: 200,
      data: { files: [{ _id: 'f1', name: 'Sleeping cat', type: 'image', file: 'labs/l1/images/cat.png', url: '/api/files/object/labs/l1/images/cat.png?expires=1&signature=s', size: 70, lab: 'l1', createdAt: '2024-05-02T08:00:00.000Z' }] },
    }));
    const { user } = await openEditor(net, [
      question('q1', '', [response('m1', 'media', { media_type: 'image', media_url: 'labs/l1/images/cat.png' })]),
      question('q2', '', [response('m2', 'media', { media_type: 'audio', media_url: 'labs/l1/audios/gone.mp3' })]),
    ]);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Preview: Sleep Diary' }));
    expect(await dialog.findByRole('img', { name: 'Image of the question' })).toHaveAttribute('src', '/api/files/object/labs/l1/images/cat.png?expires=1&signature=s');
    expect(dialog.getByText('This media file cannot be shown')).toBeInTheDocument();
    expect(net.sentTo('POST', '/api/files/byKeys').map((r) => r.body)).toEqual([{ keys: ['labs/l1/images/cat.png', 'labs/l1/audios/gone.mp3'] }]);
    expect(dialog.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
  });

  it('shows the unsaved working copy', async () => {
    const { user } = await openEditor(net, [question('q1', 'Q1')]);
    await user.selectOptions(inResponse(1, 1).getByLabelText('Response type'), 'slider');
    await user.type(inResponse(1, 1).getByLabelText('Minimum label'), 'Not at all');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Preview: Sleep Diary' }));
    expect(dialog.getByRole('slider', { name: 'Q1 Text of Q1' })).toBeInTheDocument();
    expect(dialog.getByText('Not at all')).toBeInTheDocument();
  });
});
