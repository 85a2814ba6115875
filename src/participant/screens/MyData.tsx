// My data (issue 36 part 3): downloads the zip of everything the portal holds about the participant.
import { useTranslation } from 'react-i18next';
import { FailureMessage } from '../components/Alert';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { downloadMyData } from '../state/sessionSlice';

export function MyData() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const request = useAppSelector((state) => state.session.requests.downloadMyData);
  return (
    <section className="panel" aria-labelledby="my-data-title">
      <h2 id="my-data-title">{t('myData.title')}</h2>
      <p>{t('myData.intro')}</p>
      <FailureMessage request={request} />
      <button className="secondary" type="button" disabled={request.status === 'request'} onClick={() => void dispatch(downloadMyData())}>
        {t('myData.download')}
      </button>
    </section>
  );
}
