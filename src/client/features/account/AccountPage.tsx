// The lab user's own account page: who they are, and their sections (API keys, issue 36 part 2).
import { selectLabUser } from '../auth';
import { useAppSelector } from '../../app/hooks';
import { ApiKeysSection } from './ApiKeysSection';

export default function AccountPage() {
  const user = useAppSelector(selectLabUser);
  return (
    <section>
      <h1 className="h3 mb-3">Your account</h1>
      {user && <p className="text-body-secondary">{user.email}</p>}
      <ApiKeysSection />
    </section>
  );
}
