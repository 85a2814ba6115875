// One response of a question: its type and the settings of that type (part 2 section 3), the checks the rules
// offer it (section 5 "Response settings") and Delete Response.
import { memo } from 'react';
import { RESPONSE_CHECKS, isNonAnswer, responseChecksFor } from '../../../../shared/questionnaire/rules';
import {
  PICKER_FORMAT_LABELS,
  PICKER_FORMATS,
  RESPONSE_TYPES,
  type MultipleChoiceSet,
  type PickerFormat,
  type ResponseItem,
  type ResponseType,
} from '../../../../shared/questionnaire/types';
import type { EarlierOption } from './cardContext';
import type { EditorDispatch } from './editorState';
import { MediaSettings } from './MediaSettings';
import { NumberField } from './NumberField';
import { Check, Labelled, SmallButton, TextSetting } from './fields';
import { RESPONSE_TYPE_LABELS } from './labels';

const CHECK_LABELS: Record<keyof typeof RESPONSE_CHECKS, string> = { none: 'None', email: 'Email', eightDigits: 'Eight digits' };

function checkKeyOf(regex: string): keyof typeof RESPONSE_CHECKS {
  const found = (Object.keys(RESPONSE_CHECKS) as (keyof typeof RESPONSE_CHECKS)[]).find((k) => RESPONSE_CHECKS[k] === regex);
  return found ?? 'none';
}

interface ResponseEditorProps {
  questionId: string;
  qpos: number;
  rpos: number;
  response: ResponseItem;
  sets: readonly MultipleChoiceSet[];
  identicalOffered: boolean;
  earlierTargets: readonly EarlierOption[];
  /** False for a question's only response, which cannot be deleted. */
  deletable: boolean;
  dispatch: EditorDispatch;
  onManageSets: () => void;
}

function ResponseEditorView({
  questionId,
  qpos,
  rpos,
  response: r,
  sets,
  identicalOffered,
  earlierTargets,
  deletable,
  dispatch,
  onManageSets,
}: ResponseEditorProps) {
  const id = `q-${questionId}-r-${r._id}`;
  const edit = (changes: Partial<ResponseItem>) => dispatch({ type: 'editResponse', qpos, rpos, changes });
  const validate = (changes: Partial<ResponseItem['validation']>) => edit({ validation: { ...r.validation, ...changes } });
  const earlier = r.validation.earlier;
  const targetQuestions = earlierTargets.filter((t, i) => earlierTargets.findIndex((o) => o.qpos === t.qpos) === i);
  const targetResponses = earlier && earlier.target_qpos !== null ? earlierTargets.filter((t) => t.qpos === earlier.target_qpos) : [];

  return (
    <fieldset className="response-editor border rounded p-2 mb-2" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`} className="float-none w-auto fs-6 px-1 mb-1">
        Response {rpos + 1}
      </legend>
      <div className="row g-2 align-items-end mb-2">
        <Labelled className="col-sm-5" id={`${id}-type`} label="Response type">
          <select
            id={`${id}-type`}
            className="form-select form-select-sm"
            value={r.type}
            onChange={(e) => dispatch({ type: 'changeType', qpos, rpos, responseType: e.target.value as ResponseType })}
          >
            {RESPONSE_TYPES.map((t) => (
              <option key={t} value={t}>
                {RESPONSE_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </Labelled>
        <div className="col-sm-5">
          {!isNonAnswer(r.type) && (
            <Check id={`${id}-required`} label="Mandatory when visible" checked={r.validation.required} onChange={(required) => validate({ required })} />
          )}
        </div>
        <div className="col-sm-2 text-sm-end">
          {deletable && (
            <SmallButton variant="outline-danger" onClick={() => dispatch({ type: 'deleteResponse', qpos, rpos })}>
              Delete Response
            </SmallButton>
          )}
        </div>
      </div>

      {r.type === 'mc' && (
        <div className="row g-2 align-items-end">
          <Labelled className="col-sm-6" id={`${id}-choices`} label="Multiple choices set">
            <select
              id={`${id}-choices`}
              className="form-select form-select-sm"
              value={r.choices ?? ''}
              onChange={(e) => edit({ choices: e.target.value || null })}
            >
              <option value="">Select a set</option>
              {sets.map((s) => (
                <option key={s._id} value={s._id}>
                  {s.name}
                </option>
              ))}
              {r.choices && !sets.some((s) => s._id === r.choices) && <option value={r.choices}>(a set not loaded)</option>}
            </select>
          </Labelled>
          <div className="col-sm-3">
            <Check id={`${id}-multiple`} label="Multiple answers" checked={r.multiple} onChange={(multiple) => edit({ multiple })} />
            <Check id={`${id}-shuffle`} label="Shuffle the choices" checked={r.shuffle_choices === true} onChange={(shuffle_choices) => edit({ shuffle_choices })} />
          </div>
          <div className="col-sm-3 text-sm-end">
            <SmallButton variant="link" onClick={onManageSets}>
              Manage sets
            </SmallButton>
          </div>
        </div>
      )}

      {r.type === 'text' && (
        <div className="row g-2">
          <div className="col-sm-4">
            <TextSetting id={`${id}-pre`} label="Pre label" value={r.pre_label} onChange={(pre_label) => edit({ pre_label })} />
          </div>
          <div className="col-sm-4">
            <TextSetting id={`${id}-post`} label="Post label" value={r.post_label} onChange={(post_label) => edit({ post_label })} />
          </div>
          <Labelled className="col-sm-4" id={`${id}-number-only`} label="Numbers only">
            <select
              id={`${id}-number-only`}
              className="form-select form-select-sm"
              value={r.number_only ? 'yes' : 'no'}
              onChange={(e) => dispatch({ type: 'setNumberOnly', qpos, rpos, numberOnly: e.target.value === 'yes' })}
            >
              <option value="no">No</option>
              <option value="yes">Yes</option>
            </select>
          </Labelled>
          <Labelled className="col-sm-4" id={`${id}-check`} label="Response check">
            <select
              id={`${id}-check`}
              className="form-select form-select-sm"
              value={checkKeyOf(r.validation.regex_string)}
              onChange={(e) => validate({ regex_string: RESPONSE_CHECKS[e.target.value as keyof typeof RESPONSE_CHECKS] })}
            >
              {responseChecksFor(r).map((k) => (
                <option key={k} value={k}>
                  {CHECK_LABELS[k]}
                </option>
              ))}
            </select>
          </Labelled>
        </div>
      )}

      {r.type === 'duration' && (
        <div className="d-flex flex-wrap gap-3">
          <Check id={`${id}-day`} label="Day" checked={r.day} onChange={(day) => edit({ day })} />
          <Check id={`${id}-hour`} label="Hour" checked={r.hour} onChange={(hour) => edit({ hour })} />
          <Check id={`${id}-minute`} label="Minute" checked={r.minute} onChange={(minute) => edit({ minute })} />
        </div>
      )}

      {r.type === 'time' && (
        <div className="row g-2">
          <Labelled className="col-sm-4" id={`${id}-format`} label="Picker format">
            <select
              id={`${id}-format`}
              className="form-select form-select-sm"
              value={r.picker_format}
              onChange={(e) => edit({ picker_format: e.target.value as PickerFormat })}
            >
              {PICKER_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {PICKER_FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
          </Labelled>
          <div className="col-sm-8">
            <TextSetting
              id={`${id}-instruction`}
              label="Instruction message"
              value={r.instruction_msg}
              onChange={(instruction_msg) => edit({ instruction_msg })}
            />
          </div>
        </div>
      )}

      {r.type === 'slider' && (
        <div className="row g-2">
          <div className="col-sm-3">
            <NumberField id={`${id}-min`} label="Minimum" value={r.min} onChange={(min) => edit({ min })} />
          </div>
          <div className="col-sm-3">
            <NumberField id={`${id}-max`} label="Maximum" value={r.max} onChange={(max) => edit({ max })} />
          </div>
          <div className="col-sm-3">
            <TextSetting id={`${id}-min-label`} label="Minimum label" value={r.min_label} onChange={(min_label) => edit({ min_label })} />
          </div>
          <div className="col-sm-3">
            <TextSetting id={`${id}-max-label`} label="Maximum label" value={r.max_label} onChange={(max_label) => edit({ max_label })} />
          </div>
        </div>
      )}

      {r.type === 'media' && <MediaSettings idPrefix={id} response={r} onChange={edit} />}

      {identicalOffered && (
        <div className="mt-2">
          <Check
            id={`${id}-identical`}
            label="Must be identical to the answer of the previous question"
            checked={r.validation.identical_to_prev_question}
            onChange={(identical_to_prev_question) => validate({ identical_to_prev_question })}
          />
        </div>
      )}

      {/* Shown for a check left from when the response was a time, so that it can be seen and removed. */}
      {(r.type === 'time' || earlier !== null) && (
        <div className="mt-2">
          <Check
            id={`${id}-earlier`}
            label="Must be earlier than another time response"
            checked={earlier !== null}
            onChange={(on) => validate({ earlier: on ? { target_qpos: null, target_rpos: null } : null })}
          />
          {earlier && (
            <div className="row g-2 mt-1">
              <Labelled className="col-sm-6" id={`${id}-earlier-question`} label="Earlier than question">
                <select
                  id={`${id}-earlier-question`}
                  className="form-select form-select-sm"
                  value={earlier.target_qpos ?? ''}
                  onChange={(e) =>
                    validate({ earlier: { target_qpos: e.target.value === '' ? null : Number(e.target.value), target_rpos: null } })
                  }
                >
                  <option value="">Select a question</option>
                  {targetQuestions.map((t) => (
                    <option key={t.qpos} value={t.qpos}>
                      {t.questionLabel}
                    </option>
                  ))}
                </select>
              </Labelled>
              <Labelled className="col-sm-6" id={`${id}-earlier-response`} label="Earlier than response">
                <select
                  id={`${id}-earlier-response`}
                  className="form-select form-select-sm"
                  value={earlier.target_rpos ?? ''}
                  disabled={earlier.target_qpos === null}
                  onChange={(e) =>
                    validate({ earlier: { target_qpos: earlier.target_qpos, target_rpos: e.target.value === '' ? null : Number(e.target.value) } })
                  }
                >
                  <option value="">Select a response</option>
                  {targetResponses.map((t) => (
                    <option key={t.rpos} value={t.rpos}>
                      {t.responseLabel}
                    </option>
                  ))}
                </select>
              </Labelled>
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}

export const ResponseEditor = memo(ResponseEditorView);
