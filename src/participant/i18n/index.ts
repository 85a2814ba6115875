// i18next with the phone's language (or the one chosen with the switch, kept on the phone). Traditional
// Chinese for zh-Hant, zh-TW, zh-HK and zh-MO; English otherwise.
import i18next, { type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { zhHant } from './zh-Hant';

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'zh-Hant', name: '繁體中文' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_KEY = 'participant-language';

/** A detected tag as one of ours: any Chinese written in traditional characters becomes zh-Hant. */
export function languageOf(tag: string): Language {
  const t = tag.toLowerCase();
  if (t.startsWith('zh') && (t.includes('hant') || /^zh-(tw|hk|mo)\b/.test(t))) return 'zh-Hant';
  return t === 'zh' ? 'zh-Hant' : 'en';
}

export function createI18n(): i18n {
  const instance = i18next.createInstance();
  void instance
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en }, 'zh-Hant': { translation: zhHant } },
      supportedLngs: ['en', 'zh-Hant'],
      fallbackLng: 'en',
      // The texts are bundled: init finishes synchronously, so the first render is already translated.
      initAsync: false,
      interpolation: { escapeValue: false },
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: LANGUAGE_KEY,
        caches: ['localStorage'],
        convertDetectedLanguage: languageOf,
      },
    });
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  document.documentElement.lang = instance.language;
  return instance;
}
