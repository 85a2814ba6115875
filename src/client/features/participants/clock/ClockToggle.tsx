// Which clock the page's times are in, said out loud: the study's time zone or the researcher's own, by IANA
// name. A study without EMA or diary settings has no zone of its own: the researcher's clock is named alone.
import Form from 'react-bootstrap/Form';
import { clockTexts } from './clockTexts';
import type { Clock } from './useClock';

export function ClockToggle({ clock, idPrefix }: { clock: Clock; idPrefix: string }) {
  if (!clock.studyZone) {
    return <p className="small text-body-secondary mb-2">{clockTexts.onlyMine(clock.myZone)}</p>;
  }
  return (
    <fieldset className="clock-toggle d-flex flex-wrap align-items-center column-gap-3 small mb-2">
      <legend className="float-none w-auto fs-6 small fw-semibold mb-0 me-1">{clockTexts.legend}</legend>
      <Form.Check
        type="radio"
        inline
        id={`${idPrefix}-clock-study`}
        name={`${idPrefix}-clock`}
        label={clockTexts.study(clock.studyZone)}
        checked={clock.choice === 'study'}
        onChange={() => clock.choose('study')}
      />
      <Form.Check
        type="radio"
        inline
        id={`${idPrefix}-clock-mine`}
        name={`${idPrefix}-clock`}
        label={clockTexts.mine(clock.myZone)}
        checked={clock.choice === 'mine'}
        onChange={() => clock.choose('mine')}
      />
    </fieldset>
  );
}
