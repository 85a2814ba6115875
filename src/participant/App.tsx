// The app: its store, its texts, the organization's colour, and the screen of the address.
import { useEffect } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { Layout } from './components/Layout';
import { Screen } from './routing/Screen';
import { useAppDispatch, useAppSelector } from './state/hooks';
import { loadSite, type AppStore } from './state/store';

function Branding() {
  const dispatch = useAppDispatch();
  const site = useAppSelector((state) => state.site.site);
  useEffect(() => {
    void dispatch(loadSite());
  }, [dispatch]);
  useEffect(() => {
    if (!site) return;
    document.documentElement.style.setProperty('--brand', site.color);
    document.title = site.siteName;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', site.color);
  }, [site]);
  return null;
}

export function App({ store, i18n }: { store: AppStore; i18n: i18n }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <Branding />
        <Layout>
          <Screen />
        </Layout>
      </I18nextProvider>
    </Provider>
  );
}
