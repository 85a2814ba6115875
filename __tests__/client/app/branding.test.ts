import { applyBranding, textOn } from '../../../src/client/app/branding';
import { THEME_COLORS } from '../../../src/shared/branding';
import { siteConfig } from '../support/fixtures';

describe('branding', () => {
  it('sets the theme, the accent colour and the title', () => {
    applyBranding({ ...siteConfig, theme: 'dark', color: THEME_COLORS.dark, siteName: 'Green Portal' });
    const root = document.documentElement;
    expect(root).toHaveAttribute('data-bs-theme', 'dark');
    expect(root.style.getPropertyValue('--portal-accent')).toBe(THEME_COLORS.dark);
    expect(root.style.getPropertyValue('--portal-accent-text')).toBe('#fff');
    expect(document.title).toBe('Green Portal Admin Portal');
  });

  it('writes white text on the orange of the light theme (dark enough for AA) and dark text on a pale colour', () => {
    expect(textOn(THEME_COLORS.light)).toBe('#fff');
    expect(textOn('#ffd8a8')).toBe('#000');
    expect(textOn('#000000')).toBe('#fff');
  });
});
