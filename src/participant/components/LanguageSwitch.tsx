// The visible language switch: each language named in itself, the current one pressed.
import { useTranslation } from 'react-i18next';
import { LANGUAGES, languageOf } from '../i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = languageOf(i18n.language ?? 'en');
  return (
    <div className="language-switch" role="group" aria-label={t('app.language')}>
      {LANGUAGES.map((language) => (
        <button
          key={language.code}
          type="button"
          lang={language.code}
          aria-pressed={current === language.code}
          onClick={() => void i18n.changeLanguage(language.code)}
        >
          {language.name}
        </button>
      ))}
    </div>
  );
}
