// Pages open to anyone (sign-in, error, participant pages): the site name, the page and the footer.
import Container from 'react-bootstrap/Container';
import Navbar from 'react-bootstrap/Navbar';
import { portalName, useSiteConfig } from '../../features/site/useSiteConfig';
import { PageFrame } from './PageFrame';

function PublicHeader() {
  const config = useSiteConfig();
  return (
    <Navbar className="portal-navbar border-bottom">
      <Container>
        <Navbar.Brand as="span">{portalName(config)}</Navbar.Brand>
      </Container>
    </Navbar>
  );
}

export function PublicLayout() {
  return <PageFrame header={<PublicHeader />} />;
}
