import type { SiteConfig } from '../../../shared/types/identity';
import { useAppSelector } from '../hooks';
import { selectSiteConfig } from './siteSlice';

/** The site configuration; main.tsx loads it before the first render, so every page can rely on it. */
export function useSiteConfig(): SiteConfig {
  const config = useAppSelector(selectSiteConfig);
  if (!config) throw new Error('The site configuration is rendered before it was loaded');
  return config;
}

export function portalName(config: SiteConfig): string {
  return `${config.siteName} Admin Portal`;
}
