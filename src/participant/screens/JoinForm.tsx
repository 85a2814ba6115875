// Join a study by the code the research team gives; then its screen (consent first where asked).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureMessage } from '../components/Alert';
import { Field } from '../components/Field';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { joinStudy } from '../state/participationsSlice';
import { navigate } from '../routing/history';
import { paths } from '../routing/paths';

export function JoinForm({ initialCode = '' }: { initialCode?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const request = useAppSelector((state) => state.participations.requests.join);
  const [code, setCode] = useState(initialCode);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await dispatch(joinStudy(code.trim()));
    if (joinStudy.fulfilled.match(result)) navigate(paths.study(result.payload.study._id));
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label={t('studies.studyCode')}
        help={t('studies.studyCodeHelp')}
        autoCapitalize="characters"
        autoComplete="off"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <FailureMessage request={request} />
      <button className="primary" type="submit" disabled={request.status === 'request' || code.trim() === ''}>
        {t('studies.join')}
      </button>
    </form>
  );
}
