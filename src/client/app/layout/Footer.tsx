// Every regular page ends with the privacy-policy link and the powered-by line (part 1 section 1).
import { useSiteConfig } from '../site/useSiteConfig';

export function Footer() {
  const config = useSiteConfig();
  return (
    <footer className="border-top py-3 mt-auto small">
      <div className="container d-flex flex-wrap justify-content-between gap-2">
        <a href={config.privacyPolicyUrl}>Privacy Policy</a>
        {config.poweredBy && <span className="text-body-secondary">{config.poweredBy}</span>}
      </div>
    </footer>
  );
}
