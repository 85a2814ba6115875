// /participant_support: where participants find help, and the privacy note the footer links to by default.
import { Link } from 'react-router-dom';
import { paths } from '../paths';
import { CoordinatorContact } from './CoordinatorContact';
import { useSiteConfig } from './useSiteConfig';

export default function ParticipantSupportPage() {
  const config = useSiteConfig();
  return (
    <article className="mx-auto" style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-3">Participant Support</h1>
      <p>
        If you take part in a study and need help with the mobile app, contact the project coordinator at{' '}
        <CoordinatorContact coordinator={config.coordinator} />.
      </p>
      <h2 className="h5 mt-4">When you contact us</h2>
      <ul>
        <li>the study code you entered in the app;</li>
        <li>the email address of your app account;</li>
        <li>what you were doing and what happened, with a screenshot if you can.</li>
      </ul>
      <h2 className="h5 mt-4">Common questions</h2>
      <p>
        <strong>I forgot my password.</strong> Reset it from the app&apos;s sign-in screen, or change it in the app while
        you are signed in.
      </p>
      <p>
        <strong>I do not receive notifications.</strong> Check that notifications are allowed for the app in your phone&apos;s
        settings.
      </p>
      <p>
        <strong>I want to stop taking part.</strong> Tell the project coordinator, who will tell you how.
      </p>
      <p>
        New to the app? See <Link to={paths.participantApp.getHref()}>how to get started</Link>.
      </p>
      <h2 id="privacy" className="h5 mt-4">
        Privacy
      </h2>
      <p>
        Your answers are available to the research team running your study and to the portal&apos;s administrator. Your
        email address is used to sign you in and to contact you about the study. To ask about the information held about you, contact the project coordinator.
      </p>
    </article>
  );
}
