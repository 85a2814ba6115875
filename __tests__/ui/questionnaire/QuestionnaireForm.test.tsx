// The questionnaire renderer both browser apps use: every response type answered by keyboard, the slider
// without a value until chosen, only real questions numbered, required marks, media shown, visibility
// conditions, and the server's checks shown at the question.
import { act, screen, within } from '@testing-library/react';
import { participantMessages as m } from '../../../src/shared/messages';
import { RESPONSE_CHECKS } from '../../../src/shared/questionnaire/rules';
import { checked, moodSet, question, renderForm, required, response } from './harness';

// Typing through eleven questions takes seconds on a busy machine.
jest.setTimeout(30_000);

beforeAll(() => {
  // jsdom has no object URLs; the photo's preview needs one.
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:photo-preview'), revokeObjectURL: jest.fn() });
});

const focus = (element: HTMLElement) => act(() => element.focus());
const section = (name: string | RegExp) => within(screen.getByRole('region', { name }));

describe('the questionnaire form', () => {
  it('answers all nine response types by keyboard', async () => {
    const qs = [
      question([response('text')]),
      question([response('textarea')]),
      question([response('mc', { choices: 'set1' })]),
      question([response('mc', { choices: 'set1', multiple: true })]),
      question([response('time')]),
      question([response('time', { picker_format: 'DD MM YYYY' })]),
      question([response('duration', { day: false, hour: true, minute: true })]),
      question([response('slider', { min: 0, max: 10, min_label: 'None', max_label: 'A lot' })]),
      question([response('photoUpload')]),
      question([response('instruction')], { html_question: '<p>Thank you.</p>' }),
      question([response('media', { media_type: 'image', media_url: 'media/cat.png' })]),
    ];
    const { user, sent } = renderForm(qs);

    await user.tab();
    expect(screen.getByRole('textbox', { name: /^Question 1 / })).toHaveFocus();
    await user.keyboard('hello');
    await user.tab();
    expect(screen.getByRole('textbox', { name: /^Question 2 / })).toHaveFocus();
    await user.keyboard('a long answer');

    const one = section(/^Question 3$/);
    await focus(one.getByRole('radio', { name: 'Happy' }));
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    expect(one.getByRole('radio', { name: 'Sad' })).toBeChecked();

    const several = section(/^Question 4$/);
    await focus(several.getByRole('checkbox', { name: 'Happy' }));
    await user.keyboard(' ');
    await focus(several.getByRole('checkbox', { name: 'Tired' }));
    await user.keyboard(' ');

    await focus(section(/^Question 5$/).getByLabelText(/^Question 5/));
    await user.keyboard('08:30');
    await focus(section(/^Question 6$/).getByLabelText(/^Question 6/));
    await user.keyboard('2024-05-01');

    const duration = section(/^Question 7$/);
    expect(duration.queryByRole('textbox', { name: 'Days' })).not.toBeInTheDocument();
    await focus(duration.getByRole('textbox', { name: 'Hours' }));
    await user.keyboard('2');
    await user.tab();
    expect(duration.getByRole('textbox', { name: 'Minutes' })).toHaveFocus();
    await user.keyboard('30');

    const slider = screen.getByRole('slider', { name: /^Question 8 / });
    await focus(slider);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText('Chosen: 6')).toBeInTheDocument();

    const photo = screen.getByLabelText(/^Question 9 /);
    await user.tab();
    expect(photo).toHaveFocus();
    await user.upload(photo, new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('img', { name: 'The chosen photo' })).toHaveAttribute('src', 'blob:photo-preview');

    expect(sent()).toEqual([
      { question_pos: 0, response_pos: 0, value: 'hello' },
      { question_pos: 1, response_pos: 0, value: 'a long answer' },
      { question_pos: 2, response_pos: 0, value: ['sad'] },
      { question_pos: 3, response_pos: 0, value: ['happy', 'tired'] },
      { question_pos: 4, response_pos: 0, value: '08:30' },
      { question_pos: 5, response_pos: 0, value: '2024-05-01' },
      { question_pos: 6, response_pos: 0, value: 'PT2H30M' },
      { question_pos: 7, response_pos: 0, value: 6 },
      { question_pos: 8, response_pos: 0, value: 'photos/me.jpg' },
    ]);
    expect(screen.getByText('Thank you.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image of the question' })).toHaveAttribute('src', '/files/media/cat.png');
  });

  it('shows a slider’s value only once one is chosen, and sends nothing before', async () => {
    const { user, sent } = renderForm([question([response('slider', { min: 1, max: 7 })])]);
    const slider = screen.getByRole('slider', { name: /^Question 1 / });
    expect(screen.getByText('No value chosen')).toBeInTheDocument();
    expect(slider).toHaveAttribute('aria-valuetext', 'No value chosen');
    expect(slider).toHaveClass('qf-range-unset');
    expect(sent()).toEqual([]);

    await focus(slider);
    await user.keyboard('{Home}');
    expect(screen.getByText('Chosen: 1')).toBeInTheDocument();
    expect(slider).toHaveAttribute('aria-valuetext', '1');
    expect(slider).not.toHaveClass('qf-range-unset');
    expect(sent()).toEqual([{ question_pos: 0, response_pos: 0, value: 1 }]);
    await user.keyboard('{End}{ArrowRight}');
    expect(screen.getByText('Chosen: 7')).toBeInTheDocument();
  });

  it('takes a tap on an unchosen slider where its hidden thumb rests as a choice', async () => {
    const { user, sent } = renderForm([question([response('slider', { min: 0, max: 10 })])]);
    await user.pointer({ keys: '[MouseLeft]', target: screen.getByRole('slider') });
    expect(screen.getByText('Chosen: 5')).toBeInTheDocument();
    expect(sent()).toEqual([{ question_pos: 0, response_pos: 0, value: 5 }]);
  });

  it('numbers only questions that take answers, with the researcher’s number when set', () => {
    renderForm([
      question([response('instruction')], { html_question: '<p>Welcome to the diary.</p>' }),
      question([response('text')]),
      question([response('text')], { question_num: 'Q7' }),
      question([response('media', { media_url: 'media/a.png' })]),
      question([response('instruction'), response('mc', { choices: 'set1' })]),
    ]);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Question 1', 'Q7', 'Question 3']);
    expect(screen.getByText('Welcome to the diary.')).toBeInTheDocument();
    expect(screen.queryByText(/Question 4/)).not.toBeInTheDocument();
  });

  it('marks required questions and responses for the eye and for screen readers', () => {
    renderForm([
      question([response('text', required())]),
      question([response('text')]),
      question([response('text'), response('textarea', required())]),
    ]);
    const first = screen.getByRole('heading', { name: /^Question 1/ });
    expect(first).toHaveTextContent('Question 1 * (required)');
    expect(within(first).getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('textbox', { name: /^Question 1 \(required\) Text/ })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('heading', { name: 'Question 2' })).not.toHaveTextContent('*');
    expect(screen.getByRole('textbox', { name: /^Question 2 / })).not.toHaveAttribute('aria-required');

    const third = section(/^Question 3/);
    expect(third.getByRole('textbox', { name: 'Question 3 (required) Response 1' })).not.toHaveAttribute('aria-required');
    expect(third.getByRole('textbox', { name: 'Question 3 (required) Response 2 (required)' })).toHaveAttribute('aria-required', 'true');
  });

  it('shows media as the image, audio and video players, and YouTube’s player, not file names', () => {
    const { container } = renderForm(
      [
        question([response('media', { media_type: 'image', media_url: 'media/cat.png' })]),
        question([response('media', { media_type: 'audio', media_url: 'media/song.mp3' })]),
        question([response('media', { media_type: 'video', media_url: 'media/clip.mp4' })]),
        question([response('media', { media_type: 'image', media_source: 'imageUrl', media_url: 'https://example.org/dog.png' })]),
        question([response('media', { media_type: 'video', media_source: 'youTube', media_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })]),
        question([response('media', { media_type: 'image', media_url: 'media/gone.png' })]),
      ],
      [],
      { mediaUrl: (key) => (key === 'media/gone.png' ? null : `https://files.example.org/${key}?signed=1`) },
    );
    const images = screen.getAllByRole('img', { name: 'Image of the question' });
    expect(images.map((i) => i.getAttribute('src'))).toEqual(['https://files.example.org/media/cat.png?signed=1', 'https://example.org/dog.png']);
    const audio = container.querySelector('audio');
    expect(audio).toHaveAttribute('controls');
    expect(audio).toHaveAttribute('src', 'https://files.example.org/media/song.mp3?signed=1');
    expect(audio).toHaveAccessibleName('Audio of the question');
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('src', 'https://files.example.org/media/clip.mp4?signed=1');
    expect(screen.getByTitle('Video of the question')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(screen.getByText('This media file cannot be shown')).toBeInTheDocument();
    expect(screen.queryByText(/cat\.png|song\.mp3|clip\.mp4/)).not.toBeInTheDocument();
  });

  it('hides and shows a question as its visibility condition stops and starts holding', async () => {
    const { user, sent } = renderForm([
      question([response('mc', { choices: 'set1' })]),
      question([response('text')], {
        html_question: '<p>What made you sad?</p>',
        dependency: [{ or: [{ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'is selected', criterion_value: 'sad' }] }],
      }),
    ]);
    expect(screen.queryByText('What made you sad?')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Sad' }));
    await user.type(screen.getByRole('textbox', { name: /What made you sad/ }), 'rain');
    await user.click(screen.getByRole('radio', { name: 'Happy' }));
    expect(screen.queryByText('What made you sad?')).not.toBeInTheDocument();
    expect(sent()).toEqual([{ question_pos: 0, response_pos: 0, value: ['happy'] }]);
    await user.click(screen.getByRole('radio', { name: 'Sad' }));
    expect(screen.getByRole('textbox', { name: /What made you sad/ })).toHaveValue('rain');
  });

  it('shows the server’s refusal at the question it names, before sending', async () => {
    const { user } = renderForm(
      [
        question([response('text', checked({ regex_string: RESPONSE_CHECKS.eightDigits }))], { question_num: 'ID' }),
        question([response('time', checked({ earlier: { target_qpos: 2, target_rpos: 0 } }))], { question_num: 'Bed' }),
        question([response('time')], { question_num: 'Up' }),
        question([response('text', checked({ regex_string: '^[A-Z]{3}$' }))], { question_num: 'Code' }),
      ],
      [moodSet],
    );
    await user.type(screen.getByRole('textbox', { name: /^ID / }), '1234');
    await focus(screen.getByLabelText(/^Bed /));
    await user.keyboard('09:00');
    await focus(screen.getByLabelText(/^Up /));
    await user.keyboard('08:00');
    await user.type(screen.getByRole('textbox', { name: /^Code / }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Check' }));

    const id = screen.getByRole('textbox', { name: /^ID / });
    expect(id).toHaveAttribute('aria-invalid', 'true');
    expect(id).toHaveAccessibleDescription(m.answerEightDigits);
    expect(section('ID').getByText(m.answerEightDigits)).toBeInTheDocument();
    expect(section('Bed').getByText(m.answerNotEarlier)).toBeInTheDocument();
    expect(section('Up').queryByText(m.answerNotEarlier)).not.toBeInTheDocument();
    expect(section('Code').getByText(m.answerPattern)).toBeInTheDocument();

    await user.clear(id);
    await user.type(id, '12345678');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.queryByText(m.answerEightDigits)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^ID / })).not.toHaveAttribute('aria-invalid');
  });

  it('shows a failed photo upload at the photo', async () => {
    const { user } = renderForm([question([response('photoUpload')])], [], {
      onPhotoChosen: async () => {
        throw new Error('The photo could not be uploaded');
      },
    });
    await user.upload(screen.getByLabelText(/^Question 1 /), new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('The photo could not be uploaded')).toBeInTheDocument();
  });
});
