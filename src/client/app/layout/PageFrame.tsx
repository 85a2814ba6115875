// The frame every layout shares: a header, the red alert, the page (loaded lazily) and the footer.
import { Suspense, type ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { Outlet } from 'react-router-dom';
import { AlertMessage } from './AlertMessage';
import { Footer } from './Footer';
import { Loading } from '../../components/Loading';

export function PageFrame({ header }: { header: ReactNode }) {
  return (
    <div className="d-flex flex-column min-vh-100">
      {header}
      <main className="flex-grow-1">
        <Container className="py-4">
          <AlertMessage />
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </Container>
      </main>
      <Footer />
    </div>
  );
}
