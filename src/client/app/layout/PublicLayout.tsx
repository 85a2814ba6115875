// Pages open to anyone (sign-in, error, participant pages): the site name, the page and the footer. The header
// is Bootstrap's navbar markup written out: react-bootstrap's Navbar brings its collapse and offcanvas code
// (with modal and transitions), which the sign-in page's first load has no use for.
import { portalName, useSiteConfig } from '../site/useSiteConfig';
import { PageFrame } from './PageFrame';

function PublicHeader() {
  const config = useSiteConfig();
  return (
    <nav className="portal-navbar border-bottom navbar navbar-expand navbar-light">
      <div className="container">
        <span className="navbar-brand">{portalName(config)}</span>
      </div>
    </nav>
  );
}

export function PublicLayout() {
  return <PageFrame header={<PublicHeader />} />;
}
