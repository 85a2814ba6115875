// The frame every layout shares: a header, the red alert, the page (loaded lazily) and the footer. It is part
// of every first load, so it is written in Bootstrap's class names rather than with react-bootstrap.
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { AlertMessage } from './AlertMessage';
import { Footer } from './Footer';
import { Loading } from '../../components/Loading';

export function PageFrame({ header }: { header: ReactNode }) {
  return (
    <div className="d-flex flex-column min-vh-100">
      {header}
      <main className="flex-grow-1">
        <div className="container py-4">
          <AlertMessage />
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <Footer />
    </div>
  );
}
