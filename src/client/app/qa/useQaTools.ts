// The QA panel shows when the site enables QA tools, or when the URL carries ?qa=1; the latter is remembered
// for the browser tab's session so the panel stays while the tester moves around.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '../hooks';
import { selectSiteConfig } from '../site/siteSlice';

export const QA_SESSION_KEY = 'portal-qa';

export function useQaTools(): boolean {
  const { search } = useLocation();
  const enabledBySite = useAppSelector(selectSiteConfig)?.qaTools ?? false;
  const askedInUrl = new URLSearchParams(search).get('qa') === '1';

  useEffect(() => {
    if (askedInUrl) window.sessionStorage.setItem(QA_SESSION_KEY, '1');
  }, [askedInUrl]);

  return enabledBySite || askedInUrl || window.sessionStorage.getItem(QA_SESSION_KEY) === '1';
}
