// /error, and any address the portal does not know.
import { generalMessages } from '../../../shared/messages';
import { paths } from '../../app/paths';
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
