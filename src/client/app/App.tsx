// The portal in the browser: the store (waiting for the saved session to be restored) and the router.
import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import { createPortalRouter } from './router';
import type { AppStore } from './store';

export function App({ store }: { store: AppStore }) {
  // Created once: the router owns the browser history from the first render on.
  const [router] = useState(createPortalRouter);
  return (
    <Provider store={store}>
      <PersistGate persistor={store.persistor} loading={null}>
        <RouterProvider router={router} />
      </PersistGate>
    </Provider>
  );
}
