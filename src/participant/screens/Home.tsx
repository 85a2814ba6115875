// The signed-in start: the studies joined (each with its state) and the form to join one by its code (not in the
// portal's pilot frame: a pilot account only runs its own pilot, and the server refuses its joining), and
// My data and Delete my account (issue 36; not for a pilot's account either).
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureMessage } from '../components/Alert';
import { KeptNote } from '../offline/KeptNote';
import { useReloadWhenOnline } from '../offline/useReloadWhenOnline';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { loadParticipations } from '../state/participationsSlice';
import { Link } from '../routing/Link';
import { paths } from '../routing/paths';
import { JoinForm } from './JoinForm';
import { DeleteAccount } from './DeleteAccount';
import { MyData } from './MyData';

export function Home() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { byStudy, order, requests, keptAt } = useAppSelector((state) => state.participations);
  const pilot = useAppSelector((state) => state.pilot.active);
  const load = useCallback(() => void dispatch(loadParticipations()), [dispatch]);
  useEffect(load, [load]);
  useReloadWhenOnline(load);

  return (
    <>
      <section aria-labelledby="studies-title">
        <h1 id="studies-title">{t('studies.title')}</h1>
        {requests.load.status === 'request' && order.length === 0 ? <p role="status">{t('app.loading')}</p> : null}
        <FailureMessage request={requests.load} />
        <KeptNote keptAt={keptAt} />
        {requests.load.status === 'success' && order.length === 0 ? <p>{t('studies.none')}</p> : null}
        <ul className="cards">
          {order.map((id) => {
            const p = byStudy[id];
            return (
              <li key={id}>
                <Link className="card" href={paths.study(id)}>
                  <span className="card-title">{p.study.chin_name}</span>
                  <span className={`badge badge-${p.status}`}>{t(`studies.status.${p.status}`)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      {pilot ? null : (
        <section aria-labelledby="join-title">
          <h2 id="join-title">{t('studies.joinTitle')}</h2>
          <JoinForm />
        </section>
      )}
      {pilot ? null : <MyData />}
      {pilot ? null : <DeleteAccount />}
    </>
  );
}
