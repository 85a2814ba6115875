import Card from 'react-bootstrap/Card';
import type { Lab } from '../../../shared/types/identity';
import { paths } from '../../app/paths';
import { LinkButton } from '../../components/LinkButton';

export function LabCard({ lab }: { lab: Lab }) {
  return (
    <Card className="h-100 shadow-sm">
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h2" className="h5">
          {lab.name}
        </Card.Title>
        <Card.Text className="text-body-secondary">{lab.organizationName}</Card.Text>
        <div className="mt-auto">
          <LinkButton to={paths.systemOwnerLab.getHref(lab._id)} size="sm">
            Details
          </LinkButton>
        </div>
      </Card.Body>
    </Card>
  );
}
