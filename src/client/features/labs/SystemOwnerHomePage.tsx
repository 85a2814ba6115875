// The system owner's labs home (/systemowner/home): a grid of lab cards and Create Lab.
import { useEffect } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { paths } from '../../app/paths';
import { EmptyState } from '../../components/EmptyState';
import { LinkButton } from '../../components/LinkButton';
import { Loading } from '../../components/Loading';
import { sessionEnded } from '../auth';
import { selectReplaying } from '../../app/qa/qaSlice';
import { LabCard } from './LabCard';
import { selectLabs, selectLabsRequests, fetchLabs } from './labsSlice';

/**
 * "Stored system owner info is removed when the page is unloaded" (part 1 section 2): leaving or reloading
 * this page ends the owner's stored session, written to storage at once because no timer runs after unload.
 */
function useForgetOwnerOnUnload() {
  const store = useAppStore();
  useEffect(() => {
    const forget = () => {
      store.dispatch(sessionEnded('systemOwner'));
      void store.persistor.flush();
    };
    window.addEventListener('pagehide', forget);
    window.addEventListener('beforeunload', forget);
    return () => {
      window.removeEventListener('pagehide', forget);
      window.removeEventListener('beforeunload', forget);
    };
  }, [store]);
}

export default function SystemOwnerHomePage() {
  const dispatch = useAppDispatch();
  const labs = useAppSelector(selectLabs);
  const status = useAppSelector(selectLabsRequests).labs.status;
  const replaying = useAppSelector(selectReplaying);
  useForgetOwnerOnUnload();

  useEffect(() => {
    if (!replaying) void dispatch(fetchLabs());
  }, [dispatch, replaying]);

  const createLab = (
    <LinkButton to={paths.systemOwnerCreateLab.getHref()}>Create Lab</LinkButton>
  );

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <h1 className="h3 mb-0">Labs</h1>
        {createLab}
      </div>
      {status === 'request' && labs.length === 0 ? (
        <Loading />
      ) : labs.length === 0 ? (
        status !== 'fail' && <EmptyState message="There are no labs yet. Create the first lab and its lab manager account." />
      ) : (
        <Row xs={1} md={2} lg={3} className="g-3">
          {labs.map((lab) => (
            <Col key={lab._id}>
              <LabCard lab={lab} />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
