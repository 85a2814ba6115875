// /error: where the portal sends a visitor when something went wrong (an unknown address has NotFoundPage).
import { generalMessages } from '../../../shared/messages';
import { paths } from '../paths';
import { LinkButton } from '../../components/LinkButton';

export default function ErrorPage() {
  return (
    <div className="text-center py-5">
      <h1 className="h3 mb-4">{generalMessages.oops}</h1>
      <LinkButton to={paths.home.getHref()} variant="outline-primary">
        Go to the home page
      </LinkButton>
    </div>
  );
}
