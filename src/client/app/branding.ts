// Applies the host's branding (part 1 section 1): Bootstrap's colour mode, the accent colour and the title.
import type { SiteConfig } from '../../shared/types/identity';

function channel(hex: string, at: number): number {
  const value = parseInt(hex.slice(at, at + 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** White text when it meets WCAG AA (4.5:1) on the colour, else whichever of black and white reads better. */
export function textOn(color: string): '#000' | '#fff' {
  const hex = /^#[0-9a-f]{6}$/i.test(color) ? color.slice(1) : '808080';
  const luminance = 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 2) + 0.0722 * channel(hex, 4);
  const onWhite = 1.05 / (luminance + 0.05);
  const onBlack = (luminance + 0.05) / 0.05;
  return onWhite >= 4.5 || onWhite >= onBlack ? '#fff' : '#000';
}

export function applyBranding(config: SiteConfig, doc: Document = document): void {
  const root = doc.documentElement;
  root.setAttribute('data-bs-theme', config.theme);
  root.style.setProperty('--portal-accent', config.color);
  root.style.setProperty('--portal-accent-text', textOn(config.color));
  doc.title = `${config.siteName} Admin Portal`;
}
